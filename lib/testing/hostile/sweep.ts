import fc from 'fast-check';
import { validAuth } from './auth';
import { jsonPayload, type Payload } from './bodies';
import { assemble, wellFormed, type HostileCase } from './case';
import { DECODABLE, type HostileFiles } from './files';
import { describeValue, jsonText } from './json';
import type { RouteUnderTest } from './routes';
import { deref, isFileField, jsonSchemaOf, plausible, type JsonSchema } from './schema';
import { CORE_TRICKS } from './strings';
import type { World } from './world';

/** Paths of the text members of an object schema (two levels deep), files excepted. */
function textPaths(node0: JsonSchema, root: JsonSchema, prefix: string[] = []): string[][] {
  const node = deref(node0, root);
  const out: string[][] = [];
  for (const [k, v0] of Object.entries<JsonSchema>(node.properties ?? {})) {
    const v = deref(v0, root);
    const types = [v.type, ...(v.anyOf ?? []).map((a: JsonSchema) => a.type)].flat();
    // Free text only: an enum refuses every trick at once.
    if (types.includes('string') && !v.enum && v.const === undefined && !isFileField(k, v)) out.push([...prefix, k]);
    else if (types.includes('object') && prefix.length < 1) out.push(...textPaths(v.type === 'object' ? v : (v.anyOf ?? []).find((a: JsonSchema) => a.type === 'object'), root, [...prefix, k]));
  }
  return out;
}

function withValue(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const out = structuredClone((base ?? {}) as Record<string, unknown>);
  let at = out;
  for (const k of path.slice(0, -1)) at = (at[k] = typeof at[k] === 'object' && at[k] ? at[k] : {}) as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return out;
}

function payloadOf(route: RouteUnderTest, body: Record<string, unknown>): Payload {
  const kind = route.contract?.body?.kind ?? 'json';
  if (kind === 'form') {
    const text = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : jsonText(v)])).toString();
    return { label: `form ${describeValue(body)}`, contentType: 'application/x-www-form-urlencoded', build: () => text };
  }
  if (kind === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) form.append(k, typeof v === 'string' ? v : jsonText(v));
    return { label: `multipart ${describeValue(body)}`, build: () => form };
  }
  return jsonPayload(body);
}

/**
 * The systematic part: with valid credentials and an otherwise plausible
 * request, each core trick (NUL, lone surrogate, SQL, script, bidi, 5 000
 * characters) in each text member of the body, each query member and each
 * path parameter. Random runs rarely hit one field with one value.
 */
export function sweepCases(route: RouteUnderTest, world: World, files: HostileFiles, seed: number, options: { cheapFiles?: boolean } = {}): HostileCase[] {
  const contract = route.contract;
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { seed, numRuns: 1 })[0]!;
  const session = world.sessions[0]?.requestId;
  const params: Record<string, string | string[]> = {};
  for (const s of route.segments.filter((x) => x.param)) {
    const real = s.param === 'requestId' && session ? session : (world.ids[s.param!]?.own[0] ?? '00000000-0000-4000-8000-000000000000');
    params[s.param!] = s.catchAll ? [real] : real;
  }
  const auth = { label: 'valid credentials', headers: validAuth(contract, world) };
  const bodyless = route.method === 'GET' || route.method === 'HEAD';
  const schema = bodyless ? undefined : contract?.body?.schema;
  const root = schema ? jsonSchemaOf(schema) : undefined;
  // cheapFiles: a truncated JPEG stops the file pipeline at once, so text tricks do not each pay for OCR and face detection.
  const sampleFiles = options.cheapFiles ? { ...files, smallJpeg: files.truncatedJpeg!, smallPng: files.truncatedJpeg! } : files;
  const body = root ? (sample(plausible(root, { root, files: sampleFiles, tricks: false })) as Record<string, unknown>) : undefined;
  const payload: Payload = body ? payloadOf(route, body) : { label: 'no body', build: () => undefined };
  const queryRoot = contract?.query ? jsonSchemaOf(contract.query) : undefined;
  const cases: HostileCase[] = [];
  const add = (parts: { params?: typeof params; query?: string; payload?: Payload }) =>
    cases.push(assemble(route, world, { params: parts.params ?? params, query: parts.query ?? '', auth, noise: {}, payload: parts.payload ?? payload }));
  // A plausible request in each hosted-page session: each step's page reaches its own work in one of them.
  if (params.requestId !== undefined && route.contract?.auth === 'none') {
    const plain = body && root ? payloadOf(route, sample(plausible(root, { root, files, tricks: false })) as Record<string, unknown>) : payload;
    for (const s of world.sessions) add({ params: { ...params, requestId: s.requestId }, payload: plain });
  }
  if (options.cheapFiles && body && root) cases.push(...fileSweep(route, world, files, body, params, seed));
  for (const trick of CORE_TRICKS) {
    if (root && body) for (const path of textPaths(root, root)) add({ payload: payloadOf(route, withValue(body, path, trick)) });
    if (queryRoot) for (const k of Object.keys(queryRoot.properties ?? {})) add({ query: new URLSearchParams({ [k]: trick }).toString() });
    for (const name of Object.keys(params)) add({ params: { ...params, [name]: Array.isArray(params[name]) ? [wellFormed(trick)] : wellFormed(trick) } });
  }
  return cases;
}

/**
 * Each hostile file, as a data URL, in the first file field of an otherwise
 * plausible body (the other files truncated, so they stop early): every file
 * that cannot decode, and one of those that can (which one turns with the seed).
 * A hosted page gets each file in each session, as only one step's page takes it.
 */
function fileSweep(route: RouteUnderTest, world: World, files: HostileFiles, body: Record<string, unknown>, params: Record<string, string | string[]>, seed: number): HostileCase[] {
  const marker = `data:image/jpeg;base64,${files.truncatedJpeg!.toString('base64')}`;
  let replaced = false;
  const put = (v: unknown, file: string): unknown => {
    if (v === marker && !replaced) return ((replaced = true), file);
    if (Array.isArray(v)) return v.map((x) => put(x, file));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, put(x, file)]));
    return v;
  };
  const heavy = DECODABLE[Math.abs(seed) % DECODABLE.length]!;
  const names = Object.keys(files).filter((n) => !DECODABLE.includes(n) || n === heavy);
  const sessions = params.requestId !== undefined && route.contract?.auth === 'none' ? world.sessions.map((s) => s.requestId) : [params.requestId];
  const auth = { label: 'valid credentials', headers: validAuth(route.contract, world) };
  const out: HostileCase[] = [];
  for (const name of names) {
    replaced = false;
    const withFile = put(body, `data:image/jpeg;base64,${files[name]!.toString('base64')}`) as Record<string, unknown>;
    if (!replaced) return out; // no file field
    const payload = payloadOf(route, withFile);
    payload.label = `file ${name}: ${payload.label}`;
    for (const requestId of sessions) {
      const p = requestId === undefined ? params : { ...params, requestId: requestId as string };
      out.push(assemble(route, world, { params: p, query: '', auth, noise: {}, payload }));
    }
  }
  return out;
}

/** Plausible requests with files that decode, one per session for a hosted page: they load every model and worker before memory is measured. */
export function warmUpCases(route: RouteUnderTest, world: World, files: HostileFiles): HostileCase[] {
  const root = route.contract?.body?.schema ? jsonSchemaOf(route.contract.body.schema) : undefined;
  if (!root) return [];
  const body = fc.sample(plausible(root, { root, files, tricks: false }), { seed: 1, numRuns: 1 })[0] as Record<string, unknown>;
  const auth = { label: 'valid credentials', headers: validAuth(route.contract, world) };
  const params = Object.fromEntries(route.segments.filter((s) => s.param).map((s) => [s.param!, world.ids[s.param!]?.own[0] ?? '']));
  const requestIds = params.requestId !== undefined ? world.sessions.map((s) => s.requestId) : [undefined];
  return requestIds.map((requestId) => assemble(route, world, { params: requestId ? { ...params, requestId } : params, query: '', auth, noise: {}, payload: payloadOf(route, body) }));
}
