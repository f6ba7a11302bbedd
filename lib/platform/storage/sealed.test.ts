import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { deleteObject, getOpened, objectStore, putSealed, resetObjectStore } from '.';
import { EMPTY_PAYLOAD_HASH, signV4 } from './sigv4';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a picture of a face'), Buffer.from([0xff, 0xd9])]);

/** Both stores hold only ciphertext and give the plain bytes back through putSealed/getOpened. */
describe.each(['database', 's3'] as const)('sealed objects in the %s store', (kind) => {
  let db: TestDatabase;
  let server: S3rver | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    if (kind === 's3') {
      dir = mkdtempSync(path.join(tmpdir(), 'atesta-s3-'));
      server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
      const { port } = await server.run();
      const endpoint = `http://127.0.0.1:${port}`;
      const url = new URL(`${endpoint}/atesta`);
      const { host: _host, ...headers } = signV4({ method: 'PUT', url, headers: {}, payloadHash: EMPTY_PAYLOAD_HASH }, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, 'us-east-1', 's3', new Date());
      expect((await fetch(url, { method: 'PUT', headers })).status).toBe(200);
      Object.assign(process.env, { OBJECT_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: 'atesta', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    }
    resetConfig();
    resetObjectStore();
  });
  afterAll(async () => {
    for (const k of ['OBJECT_STORE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[k];
    resetConfig();
    resetObjectStore();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await db.close();
  });

  it('stores ciphertext, reads the plain bytes back, deletes', async () => {
    const store = await objectStore();
    expect(store.kind).toBe(kind);
    await putSealed('onboarding/x/front', JPEG);
    const raw = (await store.get('onboarding/x/front'))!;
    expect(raw.toString('ascii')).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(raw.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(raw.toString('ascii')).not.toContain('a picture');
    expect((await getOpened('onboarding/x/front'))!.equals(JPEG)).toBe(true);
    await deleteObject('onboarding/x/front');
    expect(await getOpened('onboarding/x/front')).toBeUndefined();
  });
});
