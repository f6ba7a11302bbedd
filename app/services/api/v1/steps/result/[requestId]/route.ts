import * as contract from '@/lib/contracts/steps';
import { handle, json, methods } from '@/lib/http';
import { bearerResult, expireIfDue, findProcess } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.bearerResult, async ({ principal, params }) =>
    json(bearerResult(await expireIfDue(await findProcess(principal.integratorId, params.requestId)))),
  ),
});
