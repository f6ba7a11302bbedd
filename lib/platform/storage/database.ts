import { eq } from 'drizzle-orm';
import { getDb, schema } from '../db';
import type { ObjectStore } from './types';

/** The embedded default: objects in the `stored_objects` table (already sealed by the caller). */
export class DatabaseObjectStore implements ObjectStore {
  readonly kind = 'database' as const;

  async put(key: string, bytes: Buffer): Promise<void> {
    const db = await getDb();
    await db.insert(schema.storedObjects).values({ key, sealed: bytes }).onConflictDoUpdate({ target: schema.storedObjects.key, set: { sealed: bytes } });
  }

  async get(key: string): Promise<Buffer | undefined> {
    const db = await getDb();
    const [row] = await db.select({ sealed: schema.storedObjects.sealed }).from(schema.storedObjects).where(eq(schema.storedObjects.key, key));
    return row ? Buffer.from(row.sealed) : undefined;
  }

  async delete(key: string): Promise<void> {
    const db = await getDb();
    await db.delete(schema.storedObjects).where(eq(schema.storedObjects.key, key));
  }
}
