import { describe, expect, it } from 'vitest';
import { withBrazilOffset } from './local-time';

describe('zone-less timestamps read as São Paulo time', () => {
  it('adds the offset in force then: -03:00 today, -02:00 in a summer before 2019', () => {
    expect(withBrazilOffset('2026-11-25T10:00:00')).toBe('2026-11-25T10:00:00-03:00');
    expect(withBrazilOffset('2026-11-25T10:00')).toBe('2026-11-25T10:00:00-03:00');
    expect(withBrazilOffset('2026-11-25T23:59:59.123')).toBe('2026-11-25T23:59:59.123-03:00');
    expect(withBrazilOffset('2018-01-15T12:00:00')).toBe('2018-01-15T12:00:00-02:00');
    expect(withBrazilOffset('2018-07-15T12:00:00')).toBe('2018-07-15T12:00:00-03:00');
    expect(Date.parse(withBrazilOffset('2026-11-25T10:00:00')!)).toBe(Date.parse('2026-11-25T13:00:00Z'));
  });
  it('refuses what is not a calendar date-time', () => {
    for (const bad of ['2026-02-30T10:00:00', '2026-11-25T24:00:00', '2026-11-25', '2026-11-25T10:00:00Z', 'amanhã']) expect(withBrazilOffset(bad)).toBeUndefined();
  });
});
