import { seal } from '../../platform/crypto';
import type { StepKind } from './state';
import { startProcess, type StepStartResponse } from './lifecycle';

/** The start bodies of SPEC 4.11 to 4.13 and 4.15 to 4.17, after validation. */
export interface StartBody {
  cpf?: string;
  appRedirect: string;
  useIntroPage?: boolean;
  useSuccessPage?: boolean;
  cellphone?: string;
  email?: string;
  webhookUrl?: string;
  webhookBasicAuth?: string;
  selfieImage?: string;
  requireLiveCapture?: boolean;
}

/** Starts a process of a kind from an API body; a selfie is kept sealed (biometric data). */
export function startFromBody(integratorId: string, kind: StepKind, api: 'bearer' | 'apiKey', body: StartBody): Promise<StepStartResponse> {
  const { selfieImage, requireLiveCapture, useIntroPage = true, useSuccessPage = true, cellphone, ...rest } = body;
  return startProcess(integratorId, {
    ...rest,
    kind,
    api,
    useIntroPage,
    useSuccessPage,
    cellphone: cellphone?.replace(/^55(?=\d{10,11}$)/, ''),
    options: { ...(selfieImage ? { selfieImageEnc: seal(selfieImage) } : {}), ...(requireLiveCapture ? { requireLiveCapture: true } : {}) },
  });
}
