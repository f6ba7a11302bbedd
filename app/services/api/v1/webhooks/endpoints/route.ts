import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';
import { createEndpoint, listEndpoints } from '@/lib/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWebhookEndpoints, async ({ principal }) => json({ endpoints: await listEndpoints(principal.integratorId) })),
  POST: handle(contract.createWebhookEndpoint, async ({ principal, body }) => json(await createEndpoint(principal.integratorId, body), 201)),
});
