import * as contract from '@/lib/api/contracts/steps';
import { handle, json, methods } from '@/lib/platform/http';
import { cancelProcess, keyResult } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelKey, async ({ principal, params }) => json(keyResult(await cancelProcess(principal.integratorId, params.requestId)))),
});
