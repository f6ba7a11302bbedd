// The adapter end to end against s3rver, a local S3-compatible server that
// speaks the S3 REST API and XML errors. s3rver checks that the access key id
// exists but does not verify SigV4 signatures: s3.wire.test.ts does that.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3';
import { EMPTY_PAYLOAD_HASH, signV4 } from './sigv4';

// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'atesta-test';

let server: S3rver;
let directory: string;
let options: S3ObjectStoreOptions;
let store: S3ObjectStore;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'atesta-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  await createBucket(endpoint, BUCKET);
  options = { endpoint, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS, forcePathStyle: true, prefix: 'sealed/' };
  store = new S3ObjectStore(options);
});

afterAll(async () => {
  await server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** A signed bucket-level request (PUT Bucket, List Objects) the adapter does not make. */
async function bucketRequest(method: string, url: URL): Promise<Response> {
  const { host: _host, ...headers } = signV4(
    { method, url, headers: {}, payloadHash: EMPTY_PAYLOAD_HASH },
    CREDENTIALS,
    'us-east-1',
    's3',
    new Date(),
  );
  return fetch(url, { method, headers });
}

async function createBucket(endpoint: string, bucket: string): Promise<void> {
  expect((await bucketRequest('PUT', new URL(`${endpoint}/${bucket}`))).status).toBe(200);
}

/** The keys the server holds under a prefix, as it lists them. */
async function listKeys(prefix: string): Promise<string[]> {
  const url = new URL(`${options.endpoint}/${BUCKET}`);
  url.searchParams.set('prefix', prefix);
  const xml = await (await bucketRequest('GET', url)).text();
  return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => decodeXmlText(m[1]!));
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('S3ObjectStore against a local S3-compatible server (s3rver)', () => {
  it('puts, gets, overwrites and deletes an object', async () => {
    await store.put('doc/1', Buffer.from('first'));
    expect((await store.get('doc/1'))?.toString()).toBe('first');
    await store.put('doc/1', Buffer.from('second'));
    expect((await store.get('doc/1'))?.toString()).toBe('second');
    await store.delete('doc/1');
    expect(await store.get('doc/1')).toBeUndefined();
  });

  it('gets undefined for a missing object, and deleting one is no error', async () => {
    expect(await store.get('never/written')).toBeUndefined();
    await expect(store.delete('never/written')).resolves.toBeUndefined();
  });

  it('keeps keys with spaces, unicode, slashes and reserved characters apart', async () => {
    const keys = ['a b/c d', 'selfies/joão ção/é.bin', 'x/y/z', "odd $&+,:;=@!'()*~ key", '二/三'];
    for (const [i, key] of keys.entries()) await store.put(key, Buffer.from(`value ${i}`));
    for (const [i, key] of keys.entries()) expect((await store.get(key))?.toString()).toBe(`value ${i}`);
    // Stored under the decoded key, so other S3 clients see the same names.
    expect(await listKeys('sealed/a b/')).toEqual(['sealed/a b/c d']);
    expect(await listKeys('sealed/selfies/')).toEqual(['sealed/selfies/joão ção/é.bin']);
    expect(await listKeys('sealed/二/')).toEqual(['sealed/二/三']);
    expect(await listKeys('sealed/odd')).toEqual(["sealed/odd $&+,:;=@!'()*~ key"]);
    for (const key of keys) await store.delete(key);
    for (const key of keys) expect(await store.get(key)).toBeUndefined();
  });

  it('round-trips a 2 MB binary object byte for byte', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 11)) & 0xff;
    await store.put('big/object.bin', bytes);
    const back = await store.get('big/object.bin');
    expect(back?.length).toBe(bytes.length);
    expect(back?.equals(bytes)).toBe(true);
  });

  it('applies the prefix: a store without it sees the object under prefix + key', async () => {
    await store.put('prefixed', Buffer.from('p'));
    const bare = new S3ObjectStore({ ...options, prefix: undefined });
    expect((await bare.get('sealed/prefixed'))?.toString()).toBe('p');
    expect(await bare.get('prefixed')).toBeUndefined();
  });

  it('an unknown access key fails with the operation, the status and the S3 code, and no secret', async () => {
    const wrong = new S3ObjectStore({ ...options, accessKeyId: 'NOSUCHKEY', secretAccessKey: 'very-secret-value' });
    const error = await wrong.put('k', Buffer.from('object bytes')).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('S3 PUT Object failed: HTTP 403 InvalidAccessKeyId');
    await expect(wrong.get('k')).rejects.toThrow('S3 GET Object failed: HTTP 403 InvalidAccessKeyId');
  });

  it('a missing bucket is an error, not a missing object', async () => {
    const noBucket = new S3ObjectStore({ ...options, bucket: 'no-such-bucket' });
    await expect(noBucket.get('k')).rejects.toThrow('S3 GET Object failed: HTTP 404 NoSuchBucket');
  });
});
