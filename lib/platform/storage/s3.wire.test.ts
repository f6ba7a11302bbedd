// The adapter's requests as S3 receives them: a local server (the tests' receiver) checks
// method, path and headers, verifies every Authorization header by signing
// the request again as received (s3rver does not verify SigV4), and answers
// with S3's own error documents.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startReceiver, type ReceivedCall, type Receiver, type ReceiverAnswer } from '../../testing';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signV4 } from './sigv4';

const SECRET = 'wire-test-secret/+key';
const REGION = 'sa-east-1';

let s3: Receiver;
let options: S3ObjectStoreOptions;
let received: ReceivedCall[] = [];
const objects = new Map<string, Buffer>();

function s3ErrorXml(code: string, message: string, extra = ''): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message>${extra}` +
    '<RequestId>4442587FB7D0A2F9</RequestId><HostId>example-host-id</HostId></Error>'
  );
}

/** The Authorization header S3 would compute for this request, or undefined if it cannot be parsed. */
function expectedAuthorization(req: ReceivedCall): string | undefined {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
    String(req.headers.authorization),
  );
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date']));
  if (!auth || !date) return undefined;
  const [, accessKeyId, region, signedHeaders] = auth;
  const own = new Set(['host', 'x-amz-date', 'x-amz-content-sha256']);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) if (!own.has(name)) headers[name] = String(req.headers[name]);
  const [, y, mo, d, h, mi, s] = date;
  return signV4(
    {
      method: req.method,
      url: new URL(`http://${req.headers.host}${req.path}`),
      headers,
      payloadHash: String(req.headers['x-amz-content-sha256']),
    },
    { accessKeyId: accessKeyId!, secretAccessKey: SECRET },
    region!,
    's3',
    new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`),
  ).authorization;
}

function answer(req: ReceivedCall): { status: number; body?: Buffer | string } {
  if (req.headers.authorization !== expectedAuthorization(req)) {
    return { status: 403, body: s3ErrorXml('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', '<StringToSign>AWS4-HMAC-SHA256</StringToSign>') };
  }
  if (req.headers['x-amz-content-sha256'] !== sha256Hex(req.bytes)) {
    return { status: 400, body: s3ErrorXml('XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.') };
  }
  if (req.path.includes('/fails/')) return { status: 500, body: 'upstream exploded' };
  if (req.method === 'PUT') return objects.set(req.path, req.bytes), { status: 200 };
  if (req.method === 'DELETE') return objects.delete(req.path), { status: 204 };
  const object = objects.get(req.path);
  return object ? { status: 200, body: object } : { status: 404, body: s3ErrorXml('NoSuchKey', 'The specified key does not exist.') };
}

beforeAll(async () => {
  s3 = await startReceiver((request): ReceiverAnswer => {
    if (request.path.includes('/slow/')) return { hang: true }; // never answers: the client must time out
    if (request.path.includes('/stall/')) return { status: 200, partial: 'half an obj' }; // body never ends
    const { status, body } = answer(request);
    return { status, headers: body ? { 'content-type': 'application/xml' } : undefined, body };
  });
  received = s3.calls;
  options = {
    endpoint: s3.url,
    bucket: 'atesta-bucket',
    region: REGION,
    accessKeyId: 'AKIDWIRETEST',
    secretAccessKey: SECRET,
    forcePathStyle: true,
    prefix: 'tenant-1/',
    timeoutMs: 300,
  };
});

afterAll(() => s3.close());

beforeEach(() => {
  received.length = 0;
});

describe('S3ObjectStore requests on the wire', () => {
  it('sends signed PUT, GET and DELETE Object requests with the key encoded per S3', async () => {
    const store = new S3ObjectStore(options);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await store.put('selfies/a b/é$', bytes);
    expect((await store.get('selfies/a b/é$'))?.equals(bytes)).toBe(true);
    await store.delete('selfies/a b/é$');
    expect(await store.get('selfies/a b/é$')).toBeUndefined();

    const path = '/atesta-bucket/tenant-1/selfies/a%20b/%C3%A9%24';
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT ${path}`, `GET ${path}`, `DELETE ${path}`, `GET ${path}`]);
    const [put, get] = received;
    expect(put!.headers['content-type']).toBe('application/octet-stream');
    expect(put!.headers['content-length']).toBe(String(bytes.length));
    expect(put!.headers['x-amz-content-sha256']).toBe(sha256Hex(bytes));
    expect(put!.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(put!.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=AKIDWIRETEST/\\d{8}/${REGION}/s3/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$`),
    );
    expect(get!.headers['x-amz-content-sha256']).toBe(EMPTY_PAYLOAD_HASH);
    expect(get!.headers.authorization).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date,');
  });

  it('a wrong secret fails with SignatureDoesNotMatch, naming neither the secret nor the bytes', async () => {
    const store = new S3ObjectStore({ ...options, secretAccessKey: 'not-the-secret' });
    const error = (await store.put('k', Buffer.from('sealed object bytes')).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('S3 PUT Object failed: HTTP 403 SignatureDoesNotMatch');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toMatch(/not-the-secret|sealed object bytes|StringToSign/);
    await expect(store.get('k')).rejects.toThrow('S3 GET Object failed: HTTP 403 SignatureDoesNotMatch');
    await expect(store.delete('k')).rejects.toThrow('S3 DELETE Object failed: HTTP 403 SignatureDoesNotMatch');
  });

  it('an answer without an S3 error document still names the operation and status', async () => {
    await expect(new S3ObjectStore(options).get('fails/k')).rejects.toThrow(/^S3 GET Object failed: HTTP 500$/);
  });

  it('gives up after timeoutMs, waiting for the answer or for its body', async () => {
    const store = new S3ObjectStore(options);
    await expect(store.get('slow/k')).rejects.toThrow('S3 GET Object failed: timed out after 300 ms');
    await expect(store.get('stall/k')).rejects.toThrow('S3 GET Object failed: timed out after 300 ms');
  });

  it('names the network failure when nothing listens', async () => {
    const port = await freePort(); // nothing listens there
    const store = new S3ObjectStore({ ...options, endpoint: `http://127.0.0.1:${port}` });
    await expect(store.put('k', Buffer.from('x'))).rejects.toThrow('S3 PUT Object failed: ECONNREFUSED');
  });
});

describe('S3ObjectStore.objectUrl', () => {
  const base = { bucket: 'my-bucket', region: 'eu-west-1', accessKeyId: 'A', secretAccessKey: 'S' };

  it('is virtual-hosted-style unless forcePathStyle', () => {
    const store = new S3ObjectStore({ ...base, endpoint: 'https://s3.eu-west-1.amazonaws.com', forcePathStyle: false });
    expect(store.objectUrl('x y/ç(1).bin').href).toBe('https://my-bucket.s3.eu-west-1.amazonaws.com/x%20y/%C3%A7%281%29.bin');
  });

  it('is path-style under the endpoint, keeping its port and path', () => {
    const store = new S3ObjectStore({ ...base, endpoint: 'http://127.0.0.1:9000/storage/', forcePathStyle: true, prefix: 'p/' });
    expect(store.objectUrl('a+b').href).toBe('http://127.0.0.1:9000/storage/my-bucket/p/a%2Bb');
  });

  it('refuses keys that URL parsing would rewrite', () => {
    const store = new S3ObjectStore({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(() => store.objectUrl('a/../b')).toThrow(/"\." or "\.\."/);
    expect(() => store.objectUrl('./b')).toThrow(/"\." or "\.\."/);
    expect(() => store.objectUrl('')).toThrow(/non-empty/);
  });
});
