import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { maskCpf, scrub, stackFrames } from '.';

describe('log scrubbing', () => {
  it('redacts credentials, personal and biometric fields at any depth', () => {
    const out = scrub({
      requestId: 'r1',
      password: 'p',
      headers: { authorization: 'Bearer x', 'x-api-key': 'k' },
      body: { cpf: '52998224725', imageFront: 'data:image/png;base64,AAAA', nested: [{ refresh_token: 't' }] },
    });
    const text = JSON.stringify(out);
    for (const secret of ['"p"', 'Bearer x', '"k"', '52998224725', 'base64', '"t"']) expect(text).not.toContain(secret);
    expect(text).toContain('r1');
  });
  it('masks a CPF for correlation', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });
  it('works as a pino formatter', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) });
    const log = pino({ formatters: { log: (o) => scrub(o) as Record<string, unknown> } }, sink);
    log.info({ cpf: '52998224725', status: 200 }, 'request');
    expect(lines[0]).not.toContain('52998224725');
    expect(lines[0]).toContain('"status":200');
  });
  it('logs a failed query without its parameters, with the driver cause and its code', () => {
    const cause = Object.assign(new Error('value too long for type character varying(10)'), { code: '22001' });
    const failed = new Error('Failed query: insert into t (cpf, image) values ($1, $2)\nparams: 52998224725,data:image/jpeg;base64,AAAA', { cause });
    const out = scrub(failed) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('52998224725');
    expect(JSON.stringify(out)).not.toContain('base64');
    expect(out).toMatchObject({ message: 'Failed query: insert into t (cpf, image) values ($1, $2)', cause: { code: '22001', message: expect.stringContaining('too long') } });
    expect(stackFrames(failed)).not.toContain('52998224725');
  });
});
