import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';
import { listEvents } from '@/lib/delivery/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWebhookEvents, async ({ principal, query }) => json(await listEvents(principal.integratorId, query))),
});
