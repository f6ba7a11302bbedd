import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as readyz } from './route';
import { GET as healthz } from '../healthz/route';
import { GET as metricsGet } from '../metrics/route';
import { GET as servicesDoc } from '../services/api/v1/openapi.json/route';
import { POST as login } from '../services/api/v1/authentication/route';
import { backends, call, createTestDatabase, type TestDatabase } from '@/lib/testing';

describe.each(backends())('operations endpoints on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db.close());

  it('healthz answers ok', async () => {
    const res = await call(healthz, '/healthz');
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('ok');
  });

  it('readyz checks the database and the migrations', async () => {
    const ok = await call(readyz, '/readyz');
    expect(ok.status).toBe(200);
    expect(ok.data.checks).toEqual({ database: `ok (${backend})`, migrations: 'ok' });
    await db.database.pool.query(`delete from atesta_migrations`);
    const pending = await call(readyz, '/readyz');
    expect(pending.status).toBe(503);
    expect(pending.data.checks.migrations).toMatch(/^pending: 0000_/);
  });

  it('metrics count requests per route template and status', async () => {
    await call(login, '/services/api/v1/authentication', { json: { username: 'x', password: 'y' } });
    const res = await call(metricsGet, '/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/atesta_http_requests_total\{method="POST",route="\/services\/api\/v1\/authentication",status="401"\} \d+/);
    expect(res.text).toContain('atesta_http_request_duration_seconds_bucket');
  });

  it('serves the OpenAPI document', async () => {
    const res = await call(servicesDoc, '/services/api/v1/openapi.json');
    expect(res.data.openapi).toBe('3.1.0');
    expect(res.data.paths['/services/api/v1/authentication'].post).toBeDefined();
  });
});
