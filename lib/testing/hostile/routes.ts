import fs from 'node:fs';
import path from 'node:path';
import type { Contract } from '../../platform/http/contract';
import { contractOf, type RouteHandler } from '../../platform/http/route';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** A path segment of the App Router: `[id]` and `[...path]` take parameters. */
export interface Segment {
  text: string;
  param?: string;
  catchAll?: boolean;
}

/** One exported method of one app/**\/route.ts. */
export interface RouteUnderTest {
  file: string;
  /** The URL path template, e.g. `/services/api/v1/api-keys/[keyId]`. */
  template: string;
  segments: Segment[];
  method: string;
  handler: RouteHandler;
  /** Present when the handler was made by `handle` (its body, query and params schemas). */
  contract?: Contract;
  /** One handler behind several methods without a contract: the 405 of `methods`, or a catch-all 404. */
  shared: boolean;
}

function segmentOf(text: string): Segment {
  const m = /^\[(\.\.\.)?([^\]]+)\]$/.exec(text);
  return m ? { text, param: m[2]!, catchAll: Boolean(m[1]) } : { text };
}

/** Every route.ts under app/, found on disk, so a new route is covered without being listed anywhere. */
export function routeFiles(root = process.cwd()): string[] {
  const appDir = path.join(root, 'app');
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .filter((f) => path.basename(f) === 'route.ts')
    .map((f) => path.join('app', f))
    .sort();
}

export async function discoverRoutes(root = process.cwd()): Promise<RouteUnderTest[]> {
  const out: RouteUnderTest[] = [];
  for (const file of routeFiles(root)) {
    const mod = (await import(path.join(root, file))) as Record<string, unknown>;
    const segments = path
      .dirname(file)
      .split(path.sep)
      .slice(1)
      .filter((s) => !/^\(.*\)$/.test(s)) // route groups are not in the URL
      .map(segmentOf);
    const template = '/' + segments.map((s) => s.text).join('/');
    for (const method of HTTP_METHODS) {
      const handler = mod[method];
      if (typeof handler !== 'function') continue;
      const contract = contractOf(handler);
      const shared = !contract && Object.values(mod).filter((h) => h === handler).length > 1;
      out.push({ file, template, segments, method, handler: handler as RouteHandler, contract, shared });
    }
  }
  return out;
}
