import { getConfig } from '../config';
import { open, seal } from '../crypto';
import { DatabaseObjectStore } from './database';
import type { ObjectStore } from './types';

export type { ObjectStore } from './types';
export { DatabaseObjectStore } from './database';

const KEY = Symbol.for('atesta.objectStore');
type Holder = { [KEY]?: ObjectStore };

/** The configured store: the database by default, an S3-compatible bucket with OBJECT_STORE=s3. */
export async function objectStore(): Promise<ObjectStore> {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const c = getConfig();
  let store: ObjectStore;
  if (c.OBJECT_STORE === 's3') {
    const { S3ObjectStore } = await import('./s3');
    store = new S3ObjectStore({
      endpoint: c.S3_ENDPOINT!,
      bucket: c.S3_BUCKET!,
      region: c.S3_REGION,
      accessKeyId: c.S3_ACCESS_KEY_ID!,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: c.S3_FORCE_PATH_STYLE,
      prefix: c.S3_PREFIX,
    });
  } else {
    store = new DatabaseObjectStore();
  }
  holder[KEY] = store;
  return store;
}

/** Tests switch stores between cases. */
export function resetObjectStore(): void {
  delete (globalThis as Holder)[KEY];
}

/** Encrypts (AES-256-GCM, master key) and stores; nothing readable leaves the process. */
export async function putSealed(key: string, plain: Buffer): Promise<void> {
  await (await objectStore()).put(key, Buffer.from(seal(plain), 'ascii'));
}

export async function getOpened(key: string): Promise<Buffer | undefined> {
  const sealed = await (await objectStore()).get(key);
  return sealed ? open(sealed.toString('ascii')) : undefined;
}

export async function deleteObject(key: string): Promise<void> {
  await (await objectStore()).delete(key);
}

/** Objects written for something that never committed: best effort (an orphan is harmless, a dangling reference is not). */
export async function deleteObjectsQuietly(keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => deleteObject(k).catch(() => undefined)));
}
