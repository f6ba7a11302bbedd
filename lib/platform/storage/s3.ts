/**
 * Sealed objects in an S3-compatible bucket (AWS S3, MinIO, R2, ...), spoken
 * to over the plain S3 REST API with SigV4 — no SDK. The bytes are already
 * encrypted by the caller, so no server-side encryption is asked for.
 */
import { EMPTY_PAYLOAD_HASH, sha256Hex, signV4, uriEncode } from './sigv4';
import type { ObjectStore } from './types';

export interface S3ObjectStoreOptions {
  /** e.g. https://s3.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: endpoint/bucket/key (MinIO and most self-hosted); false: bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. "atesta/" to share a bucket. */
  prefix?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

type Operation = 'PUT Object' | 'GET Object' | 'DELETE Object';

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly endpoint: URL;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: S3ObjectStoreOptions) {
    this.endpoint = new URL(options.endpoint);
    this.prefix = options.prefix ?? '';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const res = await this.send('PUT Object', 'PUT', key, bytes);
    if (!res.ok) throw await s3Error('PUT Object', res);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.send('GET Object', 'GET', key);
    if (res.ok) return Buffer.from(await readBody('GET Object', res, this.timeoutMs));
    const error = await s3Error('GET Object', res);
    // A missing bucket is a misconfiguration, not a missing object.
    if (res.status === 404 && error.code !== 'NoSuchBucket') return undefined;
    throw error;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE Object', 'DELETE', key);
    if (res.ok) return;
    const error = await s3Error('DELETE Object', res);
    // S3 answers 204 for a missing key; some compatible servers say NoSuchKey.
    if (res.status === 404 && error.code === 'NoSuchKey') return;
    throw error;
  }

  /** The object's URL, path-style or virtual-hosted-style, key encoded per S3. */
  objectUrl(key: string): URL {
    const fullKey = this.prefix + key;
    const segments = fullKey.split('/');
    // URL parsing would resolve "." and ".." segments and address another object.
    if (!fullKey || segments.some((s) => s === '.' || s === '..')) {
      throw new Error('S3 object key must be non-empty and have no "." or ".." segments');
    }
    const url = new URL(this.endpoint.href);
    const base = url.pathname.replace(/\/+$/, '');
    const encodedKey = uriEncode(fullKey, true);
    if (this.options.forcePathStyle) {
      url.pathname = `${base}/${uriEncode(this.options.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${this.options.bucket}.${url.hostname}`;
      url.pathname = `${base}/${encodedKey}`;
    }
    return url;
  }

  private async send(operation: Operation, method: string, key: string, body?: Buffer): Promise<Response> {
    const url = this.objectUrl(key);
    const extra: Record<string, string> = body ? { 'content-type': 'application/octet-stream' } : {};
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const signed = signV4(
      { method, url, headers: extra, payloadHash },
      { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
      this.options.region,
      's3',
      new Date(),
    );
    // fetch sends url.host itself, the same value that was signed.
    const { host: _host, ...headers } = signed;
    try {
      return await fetch(url, {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined, // a copy typed on a plain ArrayBuffer, as fetch wants
        // The timeout covers the answer's body too: the signal stays with the response.
        signal: AbortSignal.timeout(this.timeoutMs),
        // A redirect (wrong region) would need a new signature: report it as an error instead.
        redirect: 'manual',
      });
    } catch (cause) {
      throw transportError(operation, cause, this.timeoutMs);
    }
  }
}

/** An S3 error answer: the operation, the status and the XML Code; never the body itself. */
export class S3RequestError extends Error {
  constructor(
    readonly operation: Operation,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`S3 ${operation} failed: HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3RequestError';
  }
}

async function s3Error(operation: Operation, res: Response): Promise<S3RequestError> {
  // An unreadable error body still leaves the status to report.
  const xml = await res.text().catch(() => '');
  // Only a plain token is kept, so nothing else from the body reaches a log.
  const code = /<Code>\s*([A-Za-z0-9.]{1,64})\s*<\/Code>/.exec(xml)?.[1];
  return new S3RequestError(operation, res.status, code);
}

async function readBody(operation: Operation, res: Response, timeoutMs: number): Promise<ArrayBuffer> {
  try {
    return await res.arrayBuffer();
  } catch (cause) {
    throw transportError(operation, cause, timeoutMs);
  }
}

function transportError(operation: Operation, cause: unknown, timeoutMs: number): Error {
  const name = (cause as { name?: string } | null)?.name;
  if (name === 'TimeoutError') return new Error(`S3 ${operation} failed: timed out after ${timeoutMs} ms`, { cause });
  const reason = (cause as { cause?: { code?: string } } | null)?.cause?.code ?? name ?? 'network error';
  return new Error(`S3 ${operation} failed: ${reason}`, { cause });
}
