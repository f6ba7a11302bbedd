import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { cancelProcess, keyResult } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelKey, async ({ principal, params }) => json(keyResult(await cancelProcess(principal.integratorId, params.requestId)))),
});
