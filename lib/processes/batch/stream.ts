import crypto from 'node:crypto';
import { JSONParser, TokenType } from '@streamparser/json';
import { AppError, badRequest } from '../../platform/errors';
import { limitedChunks } from '@/lib/platform/http';

/** Deepest nesting a batch body may have (its own shape needs five levels; externalKeys are free-form). */
export const MAX_DEPTH = 64;

export interface StreamedBody {
  /** Top-level members other than `docs`. */
  top: Record<string, unknown>;
  docCount: number;
  /** SHA-256 of the body's bytes (idempotency: the same bytes are the same request). */
  hash: string;
}

/**
 * Parses a create-batch JSON body as it arrives: each `docs[i]` is handed to
 * `onDoc` as soon as its closing brace is read and is then dropped, so the
 * files are decoded and sealed one by one and the body is never held whole.
 * The byte limit is enforced on the stream.
 */
export async function streamBatchBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  topKeys: readonly string[],
  onDoc: (doc: unknown, position: number, topSoFar: Readonly<Record<string, unknown>>) => Promise<void>,
): Promise<StreamedBody> {
  if (!body) throw badRequest('malformed_json', 'The request body is empty; a JSON object is expected.');
  // Only the named members are emitted (not `$.*`): an emitted ancestor would keep every document in memory.
  const parser = new JSONParser({ paths: ['$.docs.*', ...topKeys.map((k) => `$.${k}`)], keepStack: false });
  const top: Record<string, unknown> = {};
  const docs: { value: unknown; position: number }[] = [];
  let docCount = 0;
  let rootSeen = false;
  let ended = false;
  let depth = 0;
  parser.onToken = ({ token }) => {
    // The first token must open an object.
    if (!rootSeen) {
      rootSeen = true;
      if (token !== TokenType.LEFT_BRACE) throw badRequest('malformed_json', 'The request body must be a JSON object.');
    }
    // The parser slows down with depth (a 100 000-deep body took 20 s): no batch needs more than a few levels.
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (++depth > MAX_DEPTH) throw badRequest('malformed_json', `The request body nests deeper than ${MAX_DEPTH} levels.`);
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
  };
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 2 && stack[1]!.key === 'docs' && typeof key === 'number') {
      docs.push({ value, position: key });
      docCount++;
    } else if (stack.length === 1 && typeof key === 'string') {
      top[key] = value;
    }
  };
  parser.onEnd = () => {
    ended = true;
  };
  const hash = crypto.createHash('sha256');
  let total = 0;
  for await (const chunk of limitedChunks(body, limit)) {
    total += chunk.byteLength;
    hash.update(chunk);
    write(parser, chunk);
    // Files are handled between chunks: the next chunk is read only once these are sealed.
    while (docs.length) {
      const next = docs.shift()!;
      await onDoc(next.value, next.position, top);
    }
  }
  if (total === 0) throw badRequest('malformed_json', 'The request body is empty; a JSON object is expected.');
  if (!ended) {
    try {
      parser.end();
    } catch {
      // reported below
    }
    if (!ended) throw badRequest('malformed_json', 'The request body is not complete JSON (it ends too early).');
  }
  return { top, docCount, hash: hash.digest('hex') };
}

function write(parser: JSONParser, chunk: Uint8Array): void {
  try {
    parser.write(chunk);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('malformed_json', `The request body is not valid JSON (${String((err as Error).message).slice(0, 120)}).`);
  }
}
