import * as contract from '@/lib/api/contracts/steps';
import { handle, json, methods } from '@/lib/platform/http';
import { startFromBody } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.startLivenessKey, async ({ principal, body }) => json(await startFromBody(principal.integratorId, 'liveness', 'apiKey', body))),
});
