import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { expireIfDue, findProcess, keyResult } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.keyResult, async ({ principal, params }) =>
    json(keyResult(await expireIfDue(await findProcess(principal.integratorId, params.requestId)))),
  ),
});
