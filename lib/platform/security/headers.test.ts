import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfig } from '../config';
import { contentSecurityPolicy, loggablePath, referrerPolicyFor, securityHeaders } from '.';

const policy = { frameAncestors: "'none'", production: false, dev: false };
const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('security headers', () => {
  afterEach(() => {
    delete process.env.FRAME_ANCESTORS;
    resetConfig();
  });

  it('a strict CSP: scripts by nonce only, nothing from elsewhere, no plugins, no base or frame tricks', () => {
    const csp = directives(contentSecurityPolicy('n0nce', policy));
    expect(csp).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'nonce-n0nce' 'strict-dynamic'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(directives(contentSecurityPolicy('n', { ...policy, dev: true }))['script-src']).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    // Step pages may compile WebAssembly (the face detector), never eval JavaScript.
    expect(directives(securityHeaders('/p/abc', policy, 'n')['content-security-policy']!)['script-src']).toBe("'self' 'nonce-n' 'strict-dynamic' 'wasm-unsafe-eval'");
  });

  it('a fresh nonce on every response', () => {
    const a = securityHeaders('/', policy)['content-security-policy'];
    const b = securityHeaders('/', policy)['content-security-policy'];
    expect(a).not.toBe(b);
    expect(a).toMatch(/'nonce-[A-Za-z0-9+/]{22}==' /);
  });

  it('nosniff everywhere, no Referer from step pages, HSTS only in production, X-Frame-Options matching frame-ancestors', () => {
    const step = securityHeaders('/p/abc', policy);
    expect(step).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    expect(step['strict-transport-security']).toBeUndefined();
    expect(securityHeaders('/services/api/v1/api-keys', policy)['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(referrerPolicyFor('/p/x/secret')).toBe('no-referrer');
    expect(referrerPolicyFor('/pricing')).toBe('strict-origin-when-cross-origin');
    expect(securityHeaders('/', { ...policy, production: true })['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(securityHeaders('/', { ...policy, frameAncestors: "'self'" })['x-frame-options']).toBe('SAMEORIGIN');
    const embedded = securityHeaders('/p/abc', { ...policy, frameAncestors: 'https://app.example.com' });
    expect(embedded['x-frame-options']).toBeUndefined();
    expect(embedded['content-security-policy']).toMatch(/frame-ancestors https:\/\/app\.example\.com$/);
  });

  it('FRAME_ANCESTORS: none by default, quotes optional, origins only (no header injection)', () => {
    expect(getConfig().FRAME_ANCESTORS).toBe("'none'");
    for (const [value, parsed] of [
      ['none', "'none'"],
      ["self  https://app.example.com", "'self' https://app.example.com"],
      ['https://*.banco.com.br http://localhost:8080', 'https://*.banco.com.br http://localhost:8080'],
    ]) {
      process.env.FRAME_ANCESTORS = value;
      resetConfig();
      expect(getConfig().FRAME_ANCESTORS).toBe(parsed);
    }
    for (const bad of ["'none'; script-src *", 'https://a.example.com/path', '*', 'javascript:', "'unsafe-inline'", "'none' https://a.example.com"]) {
      process.env.FRAME_ANCESTORS = bad;
      resetConfig();
      expect(() => getConfig(), bad).toThrow(/FRAME_ANCESTORS/);
    }
  });

  it('the secret of a capability URL is not logged', () => {
    expect(loggablePath('/p/7b0c/3Jf9kQ')).toBe('/p/7b0c/[secret]');
    expect(loggablePath('/p/7b0c/done')).toBe('/p/7b0c/done');
    expect(loggablePath('/p/7b0c/api/verify')).toBe('/p/7b0c/api/verify');
    expect(loggablePath('/p/7b0c')).toBe('/p/7b0c');
    expect(loggablePath('/services/api/v1/steps/result/7b0c')).toBe('/services/api/v1/steps/result/7b0c');
  });
});
