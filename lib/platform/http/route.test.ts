import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cpfSchema } from '../../engines/br';
import { resetConfig } from '../config';
import { conflict } from '../errors';
import { backends, call, createTestDatabase, type TestDatabase } from '../../testing';
import { defineContract } from './contract';
import { handle, json, methods, notFoundRoute } from './route';

const echo = defineContract({
  method: 'POST',
  path: '/test/echo',
  bases: [],
  operationId: 'echo',
  summary: 'test',
  tags: [],
  auth: 'none',
  body: { schema: z.object({ cpf: cpfSchema, note: z.string().optional() }) },
  responses: { 200: { description: 'ok' } },
});

const failing = (err: unknown) =>
  handle({ ...echo, body: undefined, method: 'GET' }, async () => {
    throw err;
  });

const echoRoute = methods({ POST: handle(echo, async ({ body }) => json(body)) });

function expectProblem(res: { status: number; headers: Headers; data: Record<string, unknown> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  expect(res.data).toMatchObject({
    type: `urn:atesta:problem:${code}`,
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    requestId: res.headers.get('x-request-id'),
  });
}

describe('route wrapper: error model', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backends()[0]!);
  });
  afterAll(async () => db.close());

  it('passes valid bodies through', async () => {
    const res = await call(echoRoute.POST, '/test/echo', { json: { cpf: '52998224725' } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ cpf: '52998224725' });
  });

  it('400 malformed_json without echoing the body', async () => {
    const res = await call(echoRoute.POST, '/test/echo', { body: '{"cpf": "52998224725", oops', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'malformed_json');
    expect(res.text).not.toContain('52998224725');
  });

  it('400 validation_failed with JSON pointers', async () => {
    const res = await call(echoRoute.POST, '/test/echo', { json: { cpf: '529.982.247-25', note: 5 } });
    expectProblem(res, 400, 'validation_failed');
    expect(res.data.errors.map((e: { pointer: string }) => e.pointer)).toEqual(expect.arrayContaining(['/cpf', '/note']));
  });

  it('422 invalid_cpf for check digits that fail', async () => {
    const res = await call(echoRoute.POST, '/test/echo', { json: { cpf: '52998224724' } });
    expectProblem(res, 422, 'invalid_cpf');
    expect(res.data.errors).toEqual([{ pointer: '/cpf', message: 'CPF check digits do not verify', code: 'invalid_cpf' }]);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await call(echoRoute.POST, '/test/echo', { body: 'cpf=1', headers: { 'content-type': 'text/plain' } });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('413 from Content-Length before reading anything', async () => {
    const res = await call(echoRoute.POST, '/test/echo', {
      body: 'x'.repeat(10),
      headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
    });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('413 while streaming: an endless body is cut off at the limit, not buffered', async () => {
    process.env.BODY_LIMIT_BYTES = '4096';
    resetConfig();
    let sent = 0;
    const chunk = new Uint8Array(1024).fill(32);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    try {
      const res = await call(echoRoute.POST, '/test/echo', { body: endless, headers: { 'content-type': 'application/json' } });
      expectProblem(res, 413, 'payload_too_large');
      expect(sent).toBeLessThan(64 * 1024);
    } finally {
      delete process.env.BODY_LIMIT_BYTES;
      resetConfig();
    }
  });

  it('405 with Allow for an undefined method', async () => {
    const res = await call(echoRoute.DELETE, '/test/echo', { method: 'DELETE' });
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('404 for unknown routes', async () => {
    expectProblem(await call(notFoundRoute, '/services/api/v1/nothing-here'), 404, 'not_found');
  });

  it('409 from a domain conflict', async () => {
    expectProblem(await call(failing(conflict('conflict', 'already there')), '/test/echo'), 409, 'conflict');
  });

  it('500 without internals for an unexpected error', async () => {
    const res = await call(failing(new Error('secret internal detail at /srv/app.js:12')), '/test/echo');
    expectProblem(res, 500, 'internal_error');
    expect(res.text).not.toContain('secret internal detail');
    expect(res.text).not.toMatch(/at .*\.js/);
  });

  it('503 when the database is unreachable', async () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const res = await call(failing(err), '/test/echo');
    expectProblem(res, 503, 'not_ready');
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('keeps a well-formed incoming x-request-id and replaces a hostile one', async () => {
    const kept = await call(echoRoute.POST, '/test/echo', { json: { cpf: '52998224725' }, headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await call(echoRoute.POST, '/test/echo', { json: { cpf: '52998224725' }, headers: { 'x-request-id': 'a b\u00e7<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
