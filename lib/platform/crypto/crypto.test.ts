import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, openText, randomToken, safeEqual, seal } from '.';

describe('sealing at rest', () => {
  it('round-trips and never contains the plain text', () => {
    const sealed = seal('whsec_secret-value');
    expect(sealed).not.toContain('secret-value');
    expect(openText(sealed)).toBe('whsec_secret-value');
  });
  it('uses a fresh IV each time', () => {
    expect(seal('x')).not.toBe(seal('x'));
  });
  it('detects tampering and a wrong key', () => {
    const sealed = seal(Buffer.from('biometric'));
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => open(tampered)).toThrow();
    expect(() => open(sealed, crypto.randomBytes(32))).toThrow(/different master key/);
  });
  it('random tokens and constant-time comparison', () => {
    expect(randomToken(32)).toHaveLength(43);
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
