import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { openEmbedded, type EmbeddedHandle } from './embedded';
import { leakProofPool } from './pool';

export type Db = NodePgDatabase<typeof schema>;
/** What a transaction callback receives; queries inside a transaction must use it, never the pool. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the pool-backed database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  pool: pg.Pool;
  /** node-postgres settings of this database, for pg-boss (it opens its own pool). */
  connection: pg.PoolConfig;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite under `dataDir` is used. */
  url?: string;
  dataDir: string;
  poolMax: number;
  socketDir?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let embedded: EmbeddedHandle | undefined;
  let connection: pg.PoolConfig;
  if (options.url) {
    connection = { connectionString: options.url };
  } else {
    embedded = await openEmbedded({ dataDir: options.dataDir, socketDir: options.socketDir });
    connection = { host: embedded.socketDir, port: 5432, user: 'postgres', database: 'postgres' };
  }
  const pool = leakProofPool({ ...connection, max: options.poolMax, idleTimeoutMillis: 30_000 });
  const db = drizzle(pool, { schema });
  return {
    kind: options.url ? 'postgres' : 'pglite',
    db,
    pool,
    connection,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
