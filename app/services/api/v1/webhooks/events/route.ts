import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';
import { listEvents } from '@/lib/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWebhookEvents, async ({ principal, query }) => json(await listEvents(principal.integratorId, query))),
});
