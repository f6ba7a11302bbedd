import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';
import { redeliver } from '@/lib/delivery/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.redeliverWebhookEvent, async ({ principal, params }) => json(await redeliver(principal.integratorId, params.eventId), 202)),
});
