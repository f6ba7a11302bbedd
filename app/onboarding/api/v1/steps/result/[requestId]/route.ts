import * as contract from '@/lib/api/contracts/steps';
import { handle, json, methods } from '@/lib/platform/http';
import { keyResultFor } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.keyResult, async ({ principal, params }) => json(await keyResultFor(principal.integratorId, params.requestId))),
});
