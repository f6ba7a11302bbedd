import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';
import { deleteEndpoint, updateEndpoint } from '@/lib/delivery/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: handle(contract.updateWebhookEndpoint, async ({ principal, params, body }) => json(await updateEndpoint(principal.integratorId, params.endpointId, body))),
  DELETE: handle(contract.deleteWebhookEndpoint, async ({ principal, params }) => {
    await deleteEndpoint(principal.integratorId, params.endpointId);
    return new Response(null, { status: 204 });
  }),
});
