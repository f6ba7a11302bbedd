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
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (err) {
      throw badRequest('malformed_body', 'The request body could not be read.', { cause: err });
    }
    if (step.done) break;
    total += step.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(step.value);
  }
  return Buffer.concat(chunks, total);
}

export type BodyKind = 'json' | 'form' | 'json-or-form';

function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJson = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);

/** Parses a JSON or form body into plain data; validation happens afterwards, against a zod schema. */
export async function parseBody(req: Request, kind: BodyKind, limit: number): Promise<unknown> {
  const type = mediaType(req);
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
