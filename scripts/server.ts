/**
 * `npm start`: the web server. Boots the database (embedded PGlite unless
 * DATABASE_URL is set), the in-process worker (unless WORKER_IN_PROCESS=false)
 * and serves the built Next.js app.
 */
import http from 'node:http';
import compression from 'compression';
import crypto from 'node:crypto';
import next from 'next';
import { getConfig } from '../lib/platform/config';
import { vendorFile } from '../lib/platform/http';
import { gates } from '../lib/platform/http/load';
import { getLogger } from '../lib/platform/log';
import { boot, demoBanner, shutdown, surviveDatabaseOutages, warmEngines } from '../lib/ops';
import { pageLanguage } from '../lib/platform/i18n';
import { loggablePath, secureResponse } from '../lib/platform/security';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);
/** API answers are left as they are (small JSON, or images that do not shrink): compression is for pages and their code. */
const API = /^\/(services|onboarding)\/api\/|^\/p\/[^/]+\/api\//;
const compress = compression({ filter: (req, res) => !API.test(req.url ?? '/') && compression.filter(req, res) });

/** Browser code from npm packages (lib/platform/http/vendor.ts), sent here because Next.js drops a route's Content-Encoding: it is stored compressed. */
async function sendVendorFile(req: http.IncomingMessage, res: http.ServerResponse, name: string) {
  const file = await vendorFile(name, req.headers['accept-encoding'] ?? null);
  res.writeHead(file.status, Object.fromEntries(file.headers));
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(await file.arrayBuffer()));
}

async function main() {
  surviveDatabaseOutages();
  const config = getConfig();
  const log = getLogger();
  const result = await boot({ worker: config.WORKER_IN_PROCESS, demo: true });
  // Listening only once the engine is warm: the first request must not spend its time budget warming it.
  const warm = warmEngines();
  if (result.demo) process.stdout.write(demoBanner(result.demo));

  const dev = process.argv.includes('--dev');
  const app = next({ dev, dir: process.cwd(), hostname: config.HOST, port: config.PORT });
  await Promise.all([app.prepare(), warm]);
  const handler = app.getRequestHandler();
  const headerPolicy = { frameAncestors: config.FRAME_ANCESTORS, production: config.NODE_ENV === 'production', dev };

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    req.headers['x-request-id'] = requestId;
    // Only this server may say where a request came from.
    req.headers['x-atesta-client-ip'] = req.socket.remoteAddress ?? 'unknown';
    // The root layout writes it into <html lang> (a layout cannot see the path or query).
    req.headers['x-atesta-lang'] = pageLanguage(req.url ?? '/', req.headers['accept-language'], req.headers.cookie);
    res.setHeader('x-request-id', requestId);
    secureResponse(req, res, headerPolicy);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    // Load shedding: beyond MAX_INFLIGHT_REQUESTS, answer 503 at once (health checks always pass).
    const gate = EXEMPT.has(path) ? undefined : gates().requests;
    const leave = gate ? gate.tryEnter() : () => undefined;
    if (!leave) {
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ type: 'urn:atesta:problem:overloaded', title: 'Service Unavailable', status: 503, detail: 'The server is at capacity; retry shortly.', code: 'overloaded', retryAfter: 1, requestId }));
      return;
    }
    res.on('close', leave);
    res.on('finish', () => {
      if (path.startsWith('/_next/')) return;
      log.info({ requestId, method: req.method, path: loggablePath(path), status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
    });
    const served = path.startsWith('/vendor/') && (req.method === 'GET' || req.method === 'HEAD') ? sendVendorFile(req, res, path.slice('/vendor/'.length)) : new Promise<void>((resolve, reject) => compress(req as never, res as never, () => handler(req, res).then(resolve, reject)));
    served.catch((err) => {
      log.error({ requestId, err }, 'request handler failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'urn:atesta:problem:internal_error', title: 'Internal Server Error', status: 500, detail: 'An unexpected error occurred.', code: 'internal_error', requestId }));
      } else res.destroy();
    });
  });
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  log.info({ port: config.PORT, publicUrl: config.publicUrl }, 'listening');
  process.stdout.write(`Atesta listening on ${config.publicUrl} (database: ${result.databaseKind})\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    await shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Atesta failed to start: ${(err as Error).message}\n`);
  process.exit(1);
});
