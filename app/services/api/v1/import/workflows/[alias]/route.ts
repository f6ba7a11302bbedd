import { deleteWorkflow, putWorkflow } from '@/lib/processes/batch';
import * as contract from '@/lib/api/contracts/batch';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: handle(contract.putWorkflow, async ({ principal, params, body }) => {
    return json(await putWorkflow(principal.integratorId, params.alias, body));
  }),
  DELETE: handle(contract.deleteWorkflow, async ({ principal, params }) => {
    await deleteWorkflow(principal.integratorId, params.alias);
    return new Response(null, { status: 204 });
  }),
});
