import { webhookSecret } from '@/lib/auth';
import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getWebhookSecret, async ({ principal }) => {
    return json({ webhookSecret: await webhookSecret(principal.integratorId) });
  }),
});
