import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface HeaderPolicy {
  /** FRAME_ANCESTORS: `'none'`, `'self'` and/or origins allowed to embed pages in a frame. */
  frameAncestors: string;
  production: boolean;
  /** `npm run dev`: React needs eval and the hot reloader a websocket. */
  dev: boolean;
}

export const HSTS = 'max-age=63072000; includeSubDomains';

/** A fresh, unguessable script nonce for one response. */
export const newNonce = () => crypto.randomBytes(16).toString('base64');

/**
 * Strict CSP: scripts only with this response's nonce (Next.js puts it on its
 * own scripts when the request carries this header) and what they load
 * ('strict-dynamic'). Styles allow inline attributes: the step pages set their
 * brand colours as CSS variables in a style attribute. Step pages may compile
 * WebAssembly (not eval JavaScript): the in-browser face detector's 64-bit
 * integer maths (long.js inside @vladmandic/human) uses it.
 */
export function contentSecurityPolicy(nonce: string, policy: Pick<HeaderPolicy, 'frameAncestors' | 'dev'>, stepPage = false): string {
  const extra = [...(stepPage ? ["'wasm-unsafe-eval'"] : []), ...(policy.dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...extra].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${policy.dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${policy.frameAncestors}`,
  ].join('; ');
}

const isStepPath = (pathname: string) => pathname === '/p' || pathname.startsWith('/p/');

/** Step pages carry a capability in their address: no Referer ever leaves them. */
export function referrerPolicyFor(pathname: string): string {
  return isStepPath(pathname) ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

/** X-Frame-Options for browsers without frame-ancestors; it cannot list origins, so it is left out when some are allowed. */
function frameOptions(frameAncestors: string): string | undefined {
  if (frameAncestors === "'none'") return 'DENY';
  if (frameAncestors === "'self'") return 'SAMEORIGIN';
  return undefined;
}

/** Every header a response gets by default, and the CSP nonce they carry. */
export function securityHeaders(pathname: string, policy: HeaderPolicy, nonce = newNonce()): Record<string, string> {
  const xfo = frameOptions(policy.frameAncestors);
  return {
    'content-security-policy': contentSecurityPolicy(nonce, policy, isStepPath(pathname)),
    'x-content-type-options': 'nosniff',
    'referrer-policy': referrerPolicyFor(pathname),
    ...(xfo ? { 'x-frame-options': xfo } : {}),
    // TLS ends at the load balancer; the browser must never come back over plain http.
    ...(policy.production ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Sets the security headers on a response before Next.js handles the request,
 * and hands the CSP to Next.js on the request (overwriting any sent) so it
 * renders the nonce into its scripts. Next.js does not replace a header that is
 * already set, so these win over a route handler's own.
 */
export function secureResponse(req: IncomingMessage, res: ServerResponse, policy: HeaderPolicy): void {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  const headers = securityHeaders(pathname, policy);
  req.headers['content-security-policy'] = headers['content-security-policy'];
  delete req.headers['content-security-policy-report-only'];
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** The path as logged: the secret of a capability URL (`/p/{requestId}/{secret}`) never reaches a log line. */
export function loggablePath(pathname: string): string {
  return pathname.replace(/^\/p\/([^/]+)\/(?!done$|api$)[^/]+$/, '/p/$1/[secret]');
}
