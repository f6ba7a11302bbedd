import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { migrate, openDatabase, setDatabase, type Database } from '../db';

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
  if (backend === 'pglite') {
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-t-'));
    database = await openDatabase({ dataDir: 'memory://', socketDir, poolMax: 5 });
    drop = async () => fs.rmSync(socketDir, { recursive: true, force: true });
  } else {
    const admin = process.env.DATABASE_URL!;
    const name = `atesta_t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    database = await openDatabase({ url: withDatabaseName(admin, name), dataDir: '', poolMax: 5 });
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
    async close() {
      setDatabase(undefined);
      await database.close();
      await drop();
    },
  };
}
