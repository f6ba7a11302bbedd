import { getConfig } from '../config';
import { openDatabase, type Database } from './connect';
import { migrate } from './migrate';

export * as schema from './schema';
export type { Database, Db, Executor, Tx } from './connect';
export { openDatabase } from './connect';
export { isUuid } from './ids';
export { leaseFree, leaseTakeable, leaseFor, keepLease, isUniqueViolation, isConnectionLost } from './conditions';
export { migrate, pendingMigrations } from './migrate';

/*
 * One database handle per process. Next.js bundles route handlers separately
 * from the server script, so module state would be duplicated: the handle
 * lives on globalThis under a registered symbol instead.
 */
const KEY = Symbol.for('atesta.database');
type Holder = { [KEY]?: Promise<Database> };
const holder = globalThis as Holder;

/** Opens (and migrates) the configured database on first use. */
export function getDatabase(): Promise<Database> {
  holder[KEY] ??= (async () => {
    const config = getConfig();
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DB_POOL_MAX });
    await migrate(database.pool);
    return database;
  })().catch((err) => {
    delete holder[KEY];
    throw err;
  });
  return holder[KEY];
}

export async function getDb() {
  return (await getDatabase()).db;
}

/** Installs an already opened database as the process-wide one (tests, scripts). */
export function setDatabase(database: Database | undefined): void {
  if (database) holder[KEY] = Promise.resolve(database);
  else delete holder[KEY];
}

export async function closeDatabase(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  if (current) await (await current).close();
}
