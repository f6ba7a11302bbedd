import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';
import { createEndpoint, listEndpoints } from '@/lib/delivery/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWebhookEndpoints, async ({ principal }) => json({ endpoints: await listEndpoints(principal.integratorId) })),
  POST: handle(contract.createWebhookEndpoint, async ({ principal, body }) => json(await createEndpoint(principal.integratorId, body), 201)),
});
