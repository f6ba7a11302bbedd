import { rotateWebhookSecret } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/webhooks';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateWebhookSecret, async ({ principal }) => {
    return json({ webhookSecret: await rotateWebhookSecret(principal.integratorId) });
  }),
});
