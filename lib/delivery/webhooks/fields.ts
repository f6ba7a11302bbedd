import { z } from 'zod';
import { getConfig } from '../../platform/config';
import { webhookUrlProblem } from './ssrf';

/** A webhook URL as accepted at process start: http(s), a host, no credentials, no literal private address. */
export const webhookUrlSchema = z
  .string()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value, getConfig().WEBHOOK_ALLOW_PRIVATE_NETWORKS);
    if (problem) ctx.addIssue({ code: 'custom', message: `Webhook URL ${problem}.` });
  })
  .meta({ description: 'http(s) URL that receives the final result, once ([webhooks guide](/docs/guides/webhooks)).', format: 'uri' });

/** `user:password` for the Basic authorization of webhook calls. */
export const basicAuthSchema = z
  .string()
  .max(512)
  .regex(/^[^:\s]+:.+$/, 'must have the form user:password')
  .meta({ description: 'Basic credentials for the webhook, form `user:password`.' });
