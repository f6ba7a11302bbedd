import fc from 'fast-check';
import { getConfig } from '../../platform/config';
import type { Contract } from '../../platform/http/contract';
import { deepNesting, describeValue, jsonText } from './json';
import { hostile, hostileObject, isFileField, jsonSchemaOf, plausible, type JsonSchema, type SchemaContext } from './schema';
import { headerSafe, hostileShortString } from './strings';

/** A request body as generated: described for the report, built only when sent (streams are single-use). */
export interface Payload {
  label: string;
  contentType?: string;
  /** Extra headers that belong to the body (a lying content-length). */
  headers?: Record<string, string>;
  build(): BodyInit | undefined;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/problem+json', 'application/json; charset=utf-16'];

const MALFORMED_TYPES = [
  '',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary="unterminated',
  'application/json;;;;',
  'application/json; charset',
  'application/',
  ';',
  '*/*',
  'application/json, text/plain',
  'application/octet-stream',
  'image/png',
];

export const contentTypes = fc.oneof(fc.constantFrom(...JSON_TYPES, ...MALFORMED_TYPES), hostileShortString.map(headerSafe));

const text = (label: string, body: string | Buffer, contentType?: string, headers?: Record<string, string>): Payload => ({
  label,
  contentType,
  headers,
  build: () => (typeof body === 'string' ? body : new Uint8Array(body)),
});

/** A zero-filled body of `size` bytes that arrives in chunks without a content-length, like a chunked upload. */
export function streamed(label: string, size: number, contentType: string): Payload {
  return {
    label,
    contentType,
    build: () => {
      let sent = 0;
      const chunk = new Uint8Array(256 * 1024).fill(0x41);
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          const n = Math.min(chunk.length, size - sent);
          sent += n;
          controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
        },
      });
    },
  };
}

export const jsonPayload = (value: unknown, contentType = 'application/json'): Payload => ({
  label: `json ${describeValue(value)}`,
  contentType,
  build: () => jsonText(value),
});

const formText = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `v=${encodeURIComponent(describeValue(value))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) params.append(k, typeof v === 'string' ? v : jsonText(v));
  return params.toString();
};

/** Bodies that are broken below the schema: framing, encoding, syntax, size. */
function brokenJson(ctx: SchemaContext, node: JsonSchema, limit: number): fc.Arbitrary<Payload> {
  const valid = plausible(node, ctx);
  return fc.oneof(
    fc.constant(text('empty body', '', 'application/json')),
    valid.map((v) => jsonText(v)).map((t) => text('truncated JSON', t.slice(0, Math.max(1, Math.floor(t.length / 2))), 'application/json')),
    fc.constantFrom('null', '[]', '"text"', '0', 'true', '{"a":1,"a":2}', '1e999999', '-', '{', '}', '{"a":}', '\u0000', '{"\\ud800":"\\udfff"}', '{"a":"\\u0000"}').map((t) => text(`JSON ${t}`, t, 'application/json')),
    valid.map((v) => text('JSON behind a BOM', `\uFEFF${jsonText(v)}`, 'application/json')),
    fc.constant(text('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), 'application/json')),
    fc.constantFrom(10_000, 100_000).chain((d) => fc.constantFrom(deepNesting(d, 'array'), deepNesting(d, 'object'))).map((raw) => text(`whole body ${raw.label}`, raw.text, 'application/json')),
    fc.tuple(valid, contentTypes).map(([v, ct]) => text(`content-type ${JSON.stringify(ct)}`, jsonText(v), ct || undefined)),
    hostileObject(node, ctx).map((v) => text('form body where JSON is expected', formText(v), 'application/x-www-form-urlencoded')),
    fc.constant(streamed('streamed body one byte over the limit', limit + 1, 'application/json')),
    fc.constant(text('content-length larger than the limit', '{}', 'application/json', { 'content-length': String(limit * 10) })),
    fc.constant(text('content-length 2^70', '{}', 'application/json', { 'content-length': '1180591620717411303424' })),
  );
}

const CRLF = '\r\n';

interface Part {
  name?: string;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

function multipartBody(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data${p.name !== undefined ? `; name="${p.name}"` : ''}${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${p.type ? `Content-Type: ${p.type}${CRLF}` : ''}${CRLF}`, 'latin1'));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data, Buffer.from(CRLF));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/** multipart/form-data: hostile files in file parts, hostile text, and broken framing. */
export function multipartPayloads(ctx: SchemaContext, node: JsonSchema, fileFields: readonly string[]): fc.Arbitrary<Payload> {
  const names = Object.keys(ctx.files);
  const fields: Record<string, JsonSchema> = node.properties ?? {};
  const b = 'hostileBoundary7MA4YWxkTrZu0gW';
  const parts = fc.tuple(hostileObject(node, ctx), fc.constantFrom(...names), fc.boolean()).map(([obj, file, asText]): Part[] => [
    ...Object.entries(obj)
      .filter(([k]) => !fileFields.includes(k))
      .map(([k, v]) => ({ name: k, data: typeof v === 'string' ? v : jsonText(v) })),
    ...fileFields.map((f) =>
      asText ? { name: f, data: ctx.files[file]!.toString('base64') } : { name: f, filename: `${file}.jpg`, type: 'image/jpeg', data: ctx.files[file]! },
    ),
  ]);
  const textField = Object.keys(fields).find((k) => !fileFields.includes(k) && !isFileField(k, fields[k]!)) ?? 'cpf';
  return fc.oneof(
    { weight: 4, arbitrary: parts.map((p) => text(`multipart ${p.map((x) => x.name).join(',')}`, multipartBody(b, p), `multipart/form-data; boundary=${b}`)) },
    { weight: 1, arbitrary: parts.map((p) => text('multipart without the closing boundary', multipartBody(b, p, false), `multipart/form-data; boundary=${b}`)) },
    { weight: 1, arbitrary: parts.map((p) => text('multipart with another boundary than declared', multipartBody(b, p), 'multipart/form-data; boundary=somethingElse')) },
    { weight: 1, arbitrary: parts.map((p) => text('multipart without a boundary parameter', multipartBody(b, p), 'multipart/form-data')) },
    { weight: 1, arbitrary: parts.map((p) => text('multipart with a 200-character boundary', multipartBody('x'.repeat(200), p), `multipart/form-data; boundary=${'x'.repeat(200)}`)) },
    { weight: 1, arbitrary: fc.constant(text('multipart part without a name', multipartBody(b, [{ data: 'x' }]), `multipart/form-data; boundary=${b}`)) },
    { weight: 1, arbitrary: fc.constant(text('multipart with a part sent twice', multipartBody(b, [{ name: textField, data: 'a' }, { name: textField, data: 'b' }]), `multipart/form-data; boundary=${b}`)) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((f) => text(`multipart file ${f} in a text part`, multipartBody(b, [{ name: textField, filename: 'x.jpg', type: 'image/jpeg', data: ctx.files[f]! }]), `multipart/form-data; boundary=${b}`)) },
    {
      weight: 1,
      arbitrary: fc.constant<Payload>({
        label: 'multipart file part over the file limit',
        contentType: `multipart/form-data; boundary=${b}`,
        // Built when sent: 10 MB per route would otherwise sit in every arbitrary.
        build: () => new Uint8Array(multipartBody(b, [{ name: fileFields[0] ?? textField, filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(getConfig().MEDIA_MAX_FILE_BYTES + 1, 0xff) }])),
      }),
    },
    { weight: 1, arbitrary: fc.constant(text('multipart garbage', Buffer.from(`--${b}\r\n\r\n\r\n--${b}\r\nContent-Disposition: form-data; name="\r\n`), `multipart/form-data; boundary=${b}`)) },
  );
}

/** Every kind of hostile body for one contract (or for a route without one). */
export function payloadsFor(contract: Contract | undefined, ctx: Omit<SchemaContext, 'root'>, limit: number): fc.Arbitrary<Payload> {
  const schema = contract?.body?.schema;
  if (!schema) {
    // No body expected: send some anyway; it must be ignored or refused.
    return fc.oneof(fc.constant<Payload>({ label: 'no body', build: () => undefined }), fc.jsonValue({ maxDepth: 2 }).map((v) => jsonPayload(v)), fc.constant(text('deep nesting', deepNesting(10_000, 'array').text, 'application/json')));
  }
  const root = jsonSchemaOf(schema);
  const full: SchemaContext = { ...ctx, root };
  const kind = contract.body!.kind ?? 'json';
  const valueBodies = fc.oneof(
    { weight: 6, arbitrary: hostileObject(root, full) },
    { weight: 1, arbitrary: plausible(root, full) },
    { weight: 1, arbitrary: hostile(root, full) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  );
  if (kind === 'multipart') {
    return fc.oneof({ weight: 4, arbitrary: multipartPayloads(full, root, contract.body!.fileFields ?? []) }, { weight: 1, arbitrary: brokenJson(full, root, limit) }, { weight: 1, arbitrary: valueBodies.map((v) => jsonPayload(v)) });
  }
  const asForm = valueBodies.map((v) => text(`form ${describeValue(v)}`, formText(v), 'application/x-www-form-urlencoded'));
  return fc.oneof(
    { weight: kind === 'form' ? 1 : 6, arbitrary: fc.tuple(valueBodies, fc.constantFrom(...JSON_TYPES)).map(([v, ct]) => jsonPayload(v, ct)) },
    { weight: kind === 'json' ? 1 : 4, arbitrary: asForm },
    { weight: 3, arbitrary: brokenJson(full, root, limit) },
    { weight: 1, arbitrary: multipartPayloads(full, root, []) },
  );
}
