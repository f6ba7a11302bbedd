import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, type EmbeddedHandle } from './embedded';

describe('embedded PGlite served on a socket to several connections', () => {
  let h: EmbeddedHandle;
  let pool: pg.Pool;
  beforeAll(async () => {
    h = await openEmbedded({ dataDir: 'memory://' });
    pool = new pg.Pool({ host: h.socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
    await pool.query('create table big (id serial primary key, v text, o jsonb)');
  });
  afterAll(async () => {
    await pool.end();
    await h.stop();
  });

  it('keeps a query with a large parameter whole while other connections query (a sealed selfie is ~600 kB)', async () => {
    const sealed = crypto.randomBytes(470_000).toString('base64url');
    let stop = false;
    let smallErrors = 0;
    const others = Promise.all(
      [0, 1, 2].map(async () => {
        while (!stop) await pool.query('select pg_sleep(0.005), $1::text as x', ['y'.repeat(100)]).catch(() => smallErrors++);
      }),
    );
    const failures: string[] = [];
    for (let i = 0; i < 8; i++) {
      const c = new pg.Client({ host: h.socketDir, port: 5432, user: 'postgres', database: 'postgres' });
      await c.connect();
      await c.query('insert into big (v, o) values ($1, $2)', ['x', JSON.stringify({ selfieImageEnc: sealed })]).catch((e: Error) => failures.push(e.message));
      await c.end();
    }
    stop = true;
    await others;
    expect(failures).toEqual([]);
    expect(smallErrors).toBe(0);
    const { rows } = await pool.query("select count(*)::int as n, min(length(o->>'selfieImageEnc'))::int as len from big");
    expect(rows[0]).toEqual({ n: 8, len: sealed.length });
  }, 60_000);
});
