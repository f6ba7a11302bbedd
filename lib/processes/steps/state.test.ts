import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, isFinal, STEP_STATUSES } from './state';
import { appRedirectProblem, resolveAppRedirect } from './app-redirect';
import { completionUrl, redirectSignature } from './redirect';

describe('step state machine', () => {
  it('allows exactly the documented moves', () => {
    const allowed = STEP_STATUSES.flatMap((from) => STEP_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      ['PENDING->IN_PROGRESS', 'PENDING->EXPIRED', 'PENDING->CANCELED', 'IN_PROGRESS->APPROVED', 'IN_PROGRESS->REJECTED', 'IN_PROGRESS->EXPIRED', 'IN_PROGRESS->CANCELED'].sort(),
    );
  });
  it('has four final statuses that go nowhere', () => {
    expect(STEP_STATUSES.filter(isFinal)).toEqual(['APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED']);
    expect(() => assertTransition('APPROVED', 'CANCELED')).toThrow(/cannot become CANCELED/);
    expect(() => assertTransition('PENDING', 'APPROVED')).toThrow();
  });
});

describe('appRedirect validation', () => {
  it.each(['https://app.example.com/done', 'https://app.example.com/done?x=1#y', 'myapp://done', 'br.com.banco.app://verify/ok', '/after/verify', 'http://localhost:3000/cb', 'http://127.0.0.1/cb'])('accepts %s', (v) => {
    expect(appRedirectProblem(v)).toBeUndefined();
  });
  it.each([
    ['javascript:alert(1)', /javascript/],
    ['JaVaScRiPt:alert(1)', /javascript/],
    ['data:text/html,<script>', /data/],
    ['vbscript:x', /vbscript/],
    ['file:///etc/passwd', /file/],
    ['//evil.example.com/x', /protocol-relative/],
    ['http://app.example.com/x', /https/],
    ['https://', /valid URL|host/],
    ['app.example.com/done', /full URL/],
    ['https://a.example.com/\\evil', /backslash/],
    [' javascript:alert(1)', /spaces|javascript/],
    ['', /empty/],
  ])('rejects %s', (v, why) => {
    expect(appRedirectProblem(v)).toMatch(why);
  });
  it('resolves paths against the app origin, and only then', () => {
    expect(resolveAppRedirect('/done?a=1', 'https://app.example.com')).toBe('https://app.example.com/done?a=1');
    expect(resolveAppRedirect('/done', null)).toBeUndefined();
    expect(resolveAppRedirect('myapp://done', null)).toBe('myapp://done');
  });
  it('adds requestId, status and an HMAC signature the integrator can check', () => {
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const url = new URL(completionUrl('https://app.example.com/done?x=1#frag', 'r-1', 'APPROVED', secret));
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('requestId')).toBe('r-1');
    expect(url.searchParams.get('status')).toBe('APPROVED');
    expect(url.searchParams.get('signature')).toBe(redirectSignature(secret, 'r-1', 'APPROVED'));
    expect(url.hash).toBe('#frag');
    expect(redirectSignature(secret, 'r-1', 'REJECTED')).not.toBe(url.searchParams.get('signature'));
    expect(completionUrl('myapp://done', 'r', 'APPROVED', secret)).toMatch(/^myapp:\/\/done\?requestId=r&status=APPROVED&signature=[0-9a-f]{64}$/);
  });
});
