import crypto from 'node:crypto';
import { webhookKey } from '@/lib/delivery/webhooks';

/**
 * `signature` = hex HMAC-SHA256 over `requestId.status`, keyed with the
 * integrator's whsec_ secret (same key as webhooks): the integrator can trust
 * the query parameters of the redirect.
 */
export function redirectSignature(secret: string, requestId: string, status: string): string {
  return crypto.createHmac('sha256', webhookKey(secret)).update(`${requestId}.${status}`).digest('hex');
}

/** appRedirect with requestId, status and signature added to its query (kept before any fragment). */
export function completionUrl(target: string, requestId: string, status: string, secret: string): string {
  const [base = '', fragment] = target.split('#', 2);
  const params = new URLSearchParams({ requestId, status, signature: redirectSignature(secret, requestId, status) });
  const joined = `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}
