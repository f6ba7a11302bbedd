import { describe, expect, it } from 'vitest';
import { leakProofPool } from './pool';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const reachable = await (async () => {
  const probe = leakProofPool({ connectionString: url, max: 1, connectionTimeoutMillis: 2000 });
  try {
    await probe.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
})();

describe.skipIf(!reachable)('leak-proof pool', () => {
  it('a client whose connection died under its first statement goes back to the pool, so the next query does not wait for ever', async () => {
    const pool = leakProofPool({ connectionString: url, max: 1 });
    const admin = leakProofPool({ connectionString: url, max: 1 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // What drizzle's transaction does: `begin` fails, and it never calls release.
      await expect(client.query('begin')).rejects.toThrow();
      const next = await Promise.race([pool.query('select 1 as ok').then((r) => r.rows[0].ok), new Promise((r) => setTimeout(() => r('waiting'), 3000))]);
      expect(next).toBe(1);
      expect(pool.totalCount).toBe(1);
      client.release(); // a late release by the user is harmless
    } finally {
      await pool.end();
      await admin.end();
    }
  });

  it('other failures leave the client to its user, and release works once', async () => {
    const pool = leakProofPool({ connectionString: url, max: 1 });
    try {
      const client = await pool.connect();
      await expect(client.query('select * from no_such_table_here')).rejects.toThrow(/does not exist/);
      expect((await client.query('select 2 as ok')).rows[0].ok).toBe(2); // still checked out and usable
      client.release();
      client.release();
      expect((await pool.query('select 3 as ok')).rows[0].ok).toBe(3);
    } finally {
      await pool.end();
    }
  });
});
