import * as contract from '@/lib/api/contracts/steps';
import { handle, json, methods } from '@/lib/platform/http';
import { bearerResult, cancelProcess } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelBearer, async ({ principal, params }) => json(bearerResult(await cancelProcess(principal.integratorId, params.requestId)))),
});
