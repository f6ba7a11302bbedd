import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type pg from 'pg';

/** Committed SQL migrations written by `drizzle-kit generate`, read at run time by path. */
export const MIGRATIONS_DIR = path.join(process.cwd(), 'lib', 'platform', 'db', 'migrations');
const LOCK_ID = 7_241_019; // any constant; serialises concurrent starters on one database

interface Migration {
  tag: string;
  hash: string;
  statements: string[];
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => {
    const text = fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
    return {
      tag,
      hash: crypto.createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean),
    };
  });
}

const CREATE_TABLE = `create table if not exists atesta_migrations (
  tag text primary key, hash text not null, applied_at timestamptz not null default now())`;

/** Applies pending migrations in one transaction under an advisory lock, so several processes may start at once. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ tag: string; hash: string }>('select tag, hash from atesta_migrations');
    const applied = new Map(rows.map((r) => [r.tag, r.hash]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.tag);
      if (known && known !== m.hash) throw new Error(`Migration ${m.tag} was changed after it was applied.`);
      if (known) continue;
      for (const statement of m.statements) await client.query(statement);
      await client.query('insert into atesta_migrations (tag, hash) values ($1, $2)', [m.tag, m.hash]);
      done.push(m.tag);
    }
    await client.query('commit');
    return done;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Tags committed in the repository but not applied to the database (readiness check). */
export async function pendingMigrations(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const exists = await pool.query(`select to_regclass('atesta_migrations') is not null as ok`);
  const applied = exists.rows[0]?.ok
    ? new Set((await pool.query<{ tag: string }>('select tag from atesta_migrations')).rows.map((r) => r.tag))
    : new Set<string>();
  return readMigrations(dir).map((m) => m.tag).filter((t) => !applied.has(t));
}
