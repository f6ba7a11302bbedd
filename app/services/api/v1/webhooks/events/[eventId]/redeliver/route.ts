import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';
import { redeliver } from '@/lib/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.redeliverWebhookEvent, async ({ principal, params }) => json(await redeliver(principal.integratorId, params.eventId), 202)),
});
