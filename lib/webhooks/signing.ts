import crypto from 'node:crypto';

/**
 * Standard Webhooks signature: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * keyed with the base64 part of the `whsec_` secret.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const mac = crypto.createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
