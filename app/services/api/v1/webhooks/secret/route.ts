import { webhookSecret } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getWebhookSecret, async ({ principal }) => {
    return json({ webhookSecret: await webhookSecret(principal.integratorId) });
  }),
});
