import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { startFromBody } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.startMfa, async ({ principal, body }) => json(await startFromBody(principal.integratorId, 'mfa', 'apiKey', body))),
});
