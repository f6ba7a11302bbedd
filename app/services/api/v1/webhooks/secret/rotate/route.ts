import { rotateWebhookSecret } from '@/lib/auth';
import * as contract from '@/lib/contracts/webhooks';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateWebhookSecret, async ({ principal }) => {
    return json({ webhookSecret: await rotateWebhookSecret(principal.integratorId) });
  }),
});
