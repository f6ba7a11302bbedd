import crypto from 'node:crypto';

/** The HMAC key of a `whsec_` secret: its base64 part, decoded. */
export const webhookKey = (secret: string) => Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');

/**
 * Standard Webhooks signature: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * keyed with the base64 part of the `whsec_` secret.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
