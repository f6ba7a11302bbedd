import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../testing';
import { openDatabase } from './connect';
import { migrate, pendingMigrations, readMigrations } from './migrate';

describe.each(backends())('database on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db.close());

  it('has every committed migration applied', async () => {
    expect(await pendingMigrations(db.database.pool)).toEqual([]);
    const { rows } = await db.database.pool.query('select tag from atesta_migrations order by tag');
    expect(rows.map((r) => r.tag)).toEqual(readMigrations().map((m) => m.tag));
  });

  it('migrating again, concurrently, is a no-op', async () => {
    const results = await Promise.all([migrate(db.database.pool), migrate(db.database.pool), migrate(db.database.pool)]);
    expect(results).toEqual([[], [], []]);
  });

  it('serialises concurrent transactions correctly', async () => {
    const pool = db.database.pool;
    await pool.query('create table counter_t (id int primary key, v int)');
    await pool.query('insert into counter_t values (1, 0)');
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const c = await pool.connect();
        try {
          await c.query('begin');
          const { rows } = await c.query('select v from counter_t where id = 1 for update');
          await c.query('update counter_t set v = $1 where id = 1', [rows[0].v + 1]);
          await c.query('commit');
        } finally {
          c.release();
        }
      }),
    );
    expect((await pool.query('select v from counter_t')).rows[0].v).toBe(20);
  });
});

describe('embedded PGlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-emb-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('persists under the data directory and lets a second opener share it through the socket', async () => {
    const first = await openDatabase({ dataDir: dir, poolMax: 2 });
    await migrate(first.pool);
    await first.pool.query(`insert into integrators (name, webhook_secret_enc) values ('persisted', 'x')`);
    // A second process (admin CLI, worker) attaches to the owner's socket instead of opening the files.
    const second = await openDatabase({ dataDir: dir, poolMax: 2 });
    expect((await second.pool.query('select name from integrators')).rows).toEqual([{ name: 'persisted' }]);
    await second.close();
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true);
    // Reopened after a full stop: the data is still there.
    const third = await openDatabase({ dataDir: dir, poolMax: 1 });
    expect((await third.pool.query('select name from integrators')).rows).toEqual([{ name: 'persisted' }]);
    await third.close();
  });

  it('takes over after an owner that died without cleaning up', async () => {
    const runDir = path.join(dir, 'run');
    fs.mkdirSync(runDir, { recursive: true });
    fs.writeFileSync(path.join(runDir, 'owner.pid'), '999999'); // no such process
    const db = await openDatabase({ dataDir: dir, poolMax: 1 });
    expect((await db.pool.query('select 1 as ok')).rows[0].ok).toBe(1);
    await db.close();
  });
});
