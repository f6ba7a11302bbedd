import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';
import { getEvent } from '@/lib/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getWebhookEvent, async ({ principal, params }) => json(await getEvent(principal.integratorId, params.eventId))),
});
