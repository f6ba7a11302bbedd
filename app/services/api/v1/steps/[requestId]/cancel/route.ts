import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { bearerResult, cancelProcess } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelBearer, async ({ principal, params }) => json(bearerResult(await cancelProcess(principal.integratorId, params.requestId)))),
});
