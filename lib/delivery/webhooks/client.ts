import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveChecked } from './ssrf';

export interface PostResult {
  status?: number;
  latencyMs: number;
  error?: string;
}

/**
 * POSTs a body to a webhook URL: the host is resolved and checked once and
 * the socket connects to that very address (TLS still verifies the host
 * name). Redirects are not followed; the whole exchange is bounded in time.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await resolveChecked(url.hostname, options.allowPrivate);
  } catch (err) {
    return { latencyMs: elapsed(), error: (err as Error).message };
  }
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolveOnce) => {
    let done = false;
    const resolve = (r: PostResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolveOnce(r);
    };
    // A bound on the whole exchange, not just on idle time.
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        // Drain a bounded amount of the answer; its content is not kept.
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 64 * 1024) res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode, latencyMs: elapsed() }));
        res.on('error', () => resolve({ status: res.statusCode, latencyMs: elapsed() }));
      },
    );
    req.on('error', (err) => resolve({ latencyMs: elapsed(), error: err.message }));
    req.end(body);
  });
}
