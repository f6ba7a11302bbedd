import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';
import { getEvent } from '@/lib/delivery/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getWebhookEvent, async ({ principal, params }) => json(await getEvent(principal.integratorId, params.eventId))),
});
