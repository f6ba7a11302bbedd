import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../testing';
import { housekeeping } from './housekeeping';

describe.each(backends())('housekeeping job on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db.close();
  });

  it('deletes ended sessions and old rate-limit windows', async () => {
    const pool = db.database.pool;
    const { rows } = await pool.query(`insert into integrators (name, webhook_secret_enc) values ('hk', 'x') returning id`);
    await pool.query(`insert into auth_sessions (integrator_id, scope, expires_at) values ($1, 'services', now() - interval '2 days'), ($1, 'services', now() + interval '1 hour')`, [rows[0].id]);
    await pool.query(`insert into rate_limit_buckets (key, window_start, count) values ('old', now() - interval '3 days', 1), ('new', now(), 1)`);
    await housekeeping.handler({}, {} as never);
    expect((await pool.query('select count(*)::int as n from auth_sessions')).rows[0].n).toBe(1);
    expect((await pool.query('select key from rate_limit_buckets')).rows).toEqual([{ key: 'new' }]);
  });
});
