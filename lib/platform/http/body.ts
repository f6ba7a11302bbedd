import { AppError, badRequest } from '../errors';

function tooLarge(limit: number) {
  return new AppError(413, 'payload_too_large', `The request body exceeds the limit of ${limit} bytes for this endpoint.`, {
    extensions: { limit },
  });
}

/**
 * Reads the body while counting bytes and stops at the limit, so an oversized
 * upload is refused without being buffered whole.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Buffer> {
  const declared = req.headers.get('content-length');
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of limitedChunks(req.body, limit)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return Buffer.concat(chunks, total);
}

/** The chunks of a body as they arrive, stopping with 413 once `limit` bytes are passed. */
export async function* limitedChunks(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (err) {
        throw badRequest('malformed_body', 'The request body could not be read.', { cause: err });
      }
      if (step.done) return;
      total += step.value.byteLength;
      if (total > limit) throw tooLarge(limit);
      yield step.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** `json-stream`: JSON that the handler parses from `req.body` as it arrives (the route only checks its type). */
export type BodyKind = 'json' | 'form' | 'json-or-form' | 'multipart' | 'json-stream';

function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJson = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);

/**
 * A `multipart/form-data` body as plain data: text parts as strings, file
 * parts as data URLs (so the same file pipeline and schema apply). The whole
 * body is read against the endpoint's limit as it streams in, and each file
 * against `maxFileBytes`; a file sent in a text field is 422.
 */
async function parseMultipart(req: Request, raw: Buffer, fileFields: readonly string[], maxFileBytes: number): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers.get('content-type')! }, body: new Uint8Array(raw) }).formData();
  } catch {
    throw badRequest('malformed_body', 'The multipart/form-data body could not be parsed (check the boundary and the part headers).');
  }
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name in out) throw new AppError(422, 'invalid_part', `The part ${name} was sent more than once.`, { extensions: { errors: [{ pointer: `/${name}`, message: 'duplicate part' }] } });
    if (typeof value === 'string') {
      out[name] = value;
      continue;
    }
    if (!fileFields.includes(name)) throw new AppError(422, 'invalid_part', `The part ${name} must be text, not a file.`, { extensions: { errors: [{ pointer: `/${name}`, message: 'file sent in a text part' }] } });
    if (value.size > maxFileBytes) throw new AppError(413, 'payload_too_large', `The file ${name} is larger than ${maxFileBytes} bytes.`, { extensions: { limit: maxFileBytes } });
    const bytes = Buffer.from(await value.arrayBuffer());
    // The declared type is only a label: the file pipeline sniffs the bytes.
    out[name] = `data:${value.type || 'application/octet-stream'};base64,${bytes.toString('base64')}`;
  }
  return out;
}

export interface MultipartOptions {
  fileFields: readonly string[];
  maxFileBytes: number;
}

/** Parses a JSON, form or multipart body into plain data; validation happens afterwards, against a zod schema. */
export async function parseBody(req: Request, kind: BodyKind, limit: number, multipart?: MultipartOptions): Promise<unknown> {
  const type = mediaType(req);
  if (kind === 'multipart') {
    if (type !== 'multipart/form-data') throw new AppError(415, 'unsupported_media_type', `Send the body as multipart/form-data${type ? `, not ${type}` : ''}.`);
    return parseMultipart(req, await readBodyLimited(req, limit), multipart?.fileFields ?? [], multipart?.maxFileBytes ?? limit);
  }
  if (kind === 'json-stream') {
    if (!isJson(type)) throw new AppError(415, 'unsupported_media_type', `Send the body as application/json${type ? `, not ${type}` : ''}.`);
    return undefined;
  }
  const acceptsJson = kind !== 'form';
  const acceptsForm = kind !== 'json';
  const wanted = [acceptsJson && 'application/json', acceptsForm && 'application/x-www-form-urlencoded'].filter(Boolean).join(' or ');
  if (!(acceptsJson && isJson(type)) && !(acceptsForm && type === 'application/x-www-form-urlencoded')) {
    throw new AppError(415, 'unsupported_media_type', `Send the body as ${wanted}${type ? `, not ${type}` : ''}.`);
  }
  const raw = await readBodyLimited(req, limit);
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  if (raw.length === 0) throw badRequest('malformed_json', 'The request body is empty; a JSON object is expected.');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    // The parser's message quotes the body; only the position is passed on.
    const position = /position (\d+)/.exec((err as Error).message)?.[1];
    throw badRequest('malformed_json', `The request body is not valid JSON${position ? ` (error at position ${position})` : ''}.`);
  }
}
