import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { migrate, openDatabase, setDatabase, type Database } from '../platform/db';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL server too when DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  database: Database;
  /** How another process reaches this database: a PostgreSQL URL, or an embedded data directory. */
  env: { DATABASE_URL: string; DATA_DIR: string };
  close(): Promise<void>;
}

/**
 * A fresh, migrated database installed as the process-wide one: an in-memory
 * PGlite behind its socket, or a new database on the PostgreSQL server that is
 * dropped afterwards.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  let database: Database;
  let drop = async () => undefined as void;
  let env = { DATABASE_URL: '', DATA_DIR: '' };
  if (backend === 'pglite') {
    // Files in a temp directory (not memory://) so that a child process can attach to its socket.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-t-'));
    database = await openDatabase({ dataDir, poolMax: 5 });
    env = { DATABASE_URL: '', DATA_DIR: dataDir };
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const admin = process.env.DATABASE_URL!;
    const name = `atesta_t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = withDatabaseName(admin, name);
    database = await openDatabase({ url, dataDir: '', poolMax: 5 });
    env = { DATABASE_URL: url, DATA_DIR: '' };
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  await migrate(database.pool);
  setDatabase(database);
  return {
    database,
    env,
    async close() {
      setDatabase(undefined);
      await database.close();
      await drop();
    },
  };
}
