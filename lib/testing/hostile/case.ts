import fc from 'fast-check';
import { getConfig } from '../../platform/config';
import type { Contract } from '../../platform/http/contract';
import { hostileAuth, validAuth } from './auth';
import { payloadsFor, type Payload } from './bodies';
import { hostileFileField, type HostileFiles } from './files';
import { describeValue, jsonText } from './json';
import { hostileObject, jsonSchemaOf, plausible, type SchemaContext } from './schema';
import { headerSafe, hostileShortString, overlongString } from './strings';
import type { RouteUnderTest } from './routes';
import type { World } from './world';

/** One generated request. */
export interface HostileCase {
  method: string;
  url: string;
  params: Record<string, string | string[]>;
  headers: Record<string, string>;
  payload: Payload;
  label: string;
  /** Text the request carried in its path and query, which an answer may quote back. */
  sent: string[];
}

/** Path values can be anything a URL can carry once decoded: no lone surrogates (they cannot be percent-encoded). */
export const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function paramValues(name: string, world: World): fc.Arbitrary<string> {
  const pool = world.ids[name] ?? { own: [], other: [] };
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileShortString.map(wellFormed) },
    { weight: 1, arbitrary: overlongString.map((s) => wellFormed(s.slice(0, 5_000))) },
  ];
  if (pool.own.length) options.push({ weight: 3, arbitrary: fc.constantFrom(...pool.own) });
  if (pool.other.length) options.push({ weight: 2, arbitrary: fc.constantFrom(...pool.other) });
  if (name === 'requestId' && world.sessions.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...world.sessions.map((s) => s.requestId)) });
  return fc.oneof(...options);
}

function paramsFor(route: RouteUnderTest, world: World): fc.Arbitrary<Record<string, string | string[]>> {
  const entries = route.segments
    .filter((s) => s.param)
    .map((s) => [s.param!, s.catchAll ? fc.array(fc.oneof(paramValues(s.param!, world), fc.constantFrom('..', '.', '', 'human', 'models', '%2e%2e')), { minLength: 1, maxLength: 4 }) : paramValues(s.param!, world)] as const);
  return fc.record(Object.fromEntries(entries));
}

const decodeURIComponentSafe = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function urlOf(route: RouteUnderTest, params: Record<string, string | string[]>, query: string): string {
  const path = route.segments
    .map((s) => {
      if (!s.param) return s.text;
      const v = params[s.param]!;
      return (Array.isArray(v) ? v : [v]).map(encodeURIComponent).join('/');
    })
    .join('/');
  return `/${path}${query ? `?${query}` : ''}`;
}

function queryFor(contract: Contract | undefined, ctx: Omit<SchemaContext, 'root'>): fc.Arbitrary<string> {
  const junk = fc.dictionary(fc.oneof(fc.constantFrom('limit', 'after', 'lang', 'status', '__proto__'), hostileShortString), hostileShortString, { maxKeys: 3 });
  const schema = contract?.query;
  const objects = schema ? fc.oneof(hostileObject(jsonSchemaOf(schema), { ...ctx, root: jsonSchemaOf(schema) }), plausible(jsonSchemaOf(schema), { ...ctx, root: jsonSchemaOf(schema) }), junk) : junk;
  const asQuery = (o: unknown) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries((o ?? {}) as Record<string, unknown>)) q.append(k, typeof v === 'string' ? v : jsonText(v));
    return q.toString();
  };
  return fc.oneof(fc.constant(''), objects.map(asQuery), fc.constantFrom('%', '%zz', 'a=%00', '&&&', '=', 'limit=1e999', 'limit=-1', 'limit=0x10'));
}

const noisyHeaders = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('pt-BR', 'en;q=0.5, *;q=x', '*', 'zz-ZZ'.repeat(1000)), hostileShortString.map(headerSafe)),
    'idempotency-key': fc.oneof(hostileShortString.map(headerSafe), fc.constant('k'.repeat(10_000))),
    'x-request-id': hostileShortString.map(headerSafe),
    'x-forwarded-for': fc.constantFrom("' OR 1=1 --", '::ffff:127.0.0.1', '999.999.999.999', 'unknown, <script>'),
  },
  { requiredKeys: [] },
);

export function bodyLimit(contract: Contract | undefined): number {
  const c = getConfig();
  const which = contract?.body?.limit;
  return which === 'media' ? c.MEDIA_BODY_LIMIT_BYTES : which === 'import' ? c.IMPORT_MAX_BODY_BYTES : c.BODY_LIMIT_BYTES;
}

/** A plausible body whose every file is a hostile one: the heavy routes' own diet. */
function hostileFilesBody(contract: Contract, files: HostileFiles): fc.Arbitrary<Payload> | undefined {
  const schema = contract.body?.schema;
  if (!schema || contract.body?.kind === 'multipart') return undefined;
  const root = jsonSchemaOf(schema);
  const marker = `data:image/jpeg;base64,${files.smallJpeg!.toString('base64')}`;
  const markerPng = `data:image/jpeg;base64,${files.smallPng!.toString('base64')}`;
  const slots = (v: unknown): number => (v === marker || v === markerPng ? 1 : v && typeof v === 'object' ? Object.values(v).reduce<number>((n, x) => n + slots(x), 0) : 0);
  const fill = (v: unknown, next: () => string): unknown => {
    if (v === marker || v === markerPng) return next();
    if (Array.isArray(v)) return v.map((x) => fill(x, next));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, next)]));
    return v;
  };
  return plausible(root, { root, files })
    .filter((v) => slots(v) > 0)
    .chain((v) =>
      fc.array(hostileFileField(files), { minLength: slots(v), maxLength: slots(v) }).map((chosen) => {
        let i = 0;
        const body = fill(v, () => chosen[i++]!);
        return { label: `hostile files ${describeValue(body)}`, contentType: 'application/json', build: () => jsonText(body) } satisfies Payload;
      }),
    );
}

export function casesFor(route: RouteUnderTest, world: World, files: HostileFiles, options: { filesFocus?: boolean } = {}): fc.Arbitrary<HostileCase> {
  const contract = route.contract;
  const ctx = { files };
  const bodyless = route.method === 'GET' || route.method === 'HEAD';
  let payloads: fc.Arbitrary<Payload> = bodyless ? fc.constant<Payload>({ label: 'no body', build: () => undefined }) : payloadsFor(contract, ctx, bodyLimit(contract));
  const fileBodies = !bodyless && contract ? hostileFilesBody(contract, files) : undefined;
  if (fileBodies && options.filesFocus) payloads = fc.oneof({ weight: 3, arbitrary: fileBodies }, { weight: 1, arbitrary: payloads });
  const auth = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ label: 'valid credentials', headers: validAuth(contract, world) }) },
    { weight: 1, arbitrary: hostileAuth(contract, world) },
  );
  return fc.record({ params: paramsFor(route, world), query: queryFor(contract, ctx), auth, noise: noisyHeaders, payload: payloads }).map((parts) => assemble(route, world, parts));
}

export interface CaseParts {
  params: Record<string, string | string[]>;
  query: string;
  auth: { label: string; headers: Record<string, string> };
  noise: Record<string, string>;
  payload: Payload;
}

/** The request from its parts; a requestId the caller holds a step session for carries its cookie. */
export function assemble(route: RouteUnderTest, world: World, { params, query, auth, noise, payload }: CaseParts): HostileCase {
  const session = world.sessions.find((s) => s.requestId === params.requestId);
  const headers: Record<string, string> = { ...noise, ...(session ? { cookie: session.cookie } : {}), ...auth.headers, ...payload.headers };
  if (payload.contentType !== undefined) headers['content-type'] = payload.contentType;
  const url = urlOf(route, params, query);
  const sent = [...Object.values(params).flat(), ...new URLSearchParams(query).values(), new URL(url, 'http://x').pathname, decodeURIComponentSafe(url)];
  return {
    method: route.method,
    url,
    params,
    headers,
    payload,
    label: `${route.method} ${url.slice(0, 200)} [${auth.label}] ${payload.label}`,
    sent,
  };
}
