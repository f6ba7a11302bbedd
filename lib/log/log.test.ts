import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { maskCpf, scrub } from '.';

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
});
