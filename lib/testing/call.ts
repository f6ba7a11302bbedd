import type { RouteHandler } from '../platform/http';

export interface CallOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  ip?: string;
}

/** Calls a route handler the way Next.js does, without a server. */
export async function call(handler: RouteHandler, url: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  }
  headers.set('x-atesta-client-ip', options.ip ?? '127.0.0.1');
  const req = new Request(new URL(url, 'http://atesta.test'), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    // Node's fetch needs this for a streamed request body.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { status: res.status, headers: res.headers, data: data as Record<string, any>, text };
}
