import type { Contract } from '@/lib/platform/http/shared';
import * as auth from '../contracts/auth';
import * as ops from '../contracts/ops';
import * as keys from '../contracts/keys';
import * as access from '../contracts/access';
import * as webhooks from '../contracts/webhooks';
import * as dev from '../contracts/dev';
import * as steps from '../contracts/steps';
import * as settings from '../contracts/settings';
import * as ocr from '../contracts/ocr';
import * as face from '../contracts/face';
import * as fraud from '../contracts/fraud';
import * as fraudAdmin from '../contracts/fraud-admin';
import * as formalistic from '../contracts/formalistic';
import * as onboarding from '../contracts/onboarding';
import * as batch from '../contracts/batch';
import * as consoleSession from '../contracts/console';
import * as consoleReads from '../contracts/console-reads';

const isContract = (v: unknown): v is Contract =>
  typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v;

/** Every operation of the service. Each new contracts module is added here once. */
export const allContracts: Contract[] = [auth, keys, access, webhooks, dev, steps, settings, ocr, face, fraud, fraudAdmin, formalistic, onboarding, batch, consoleSession, consoleReads, ops]
  .flatMap((mod) => Object.values(mod).filter(isContract))
  .sort((a, b) => a.path.localeCompare(b.path));
