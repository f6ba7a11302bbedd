import { describe, expect, it } from 'vitest';
import { scoreCpf, specScoreResult } from './types';

describe('ScoreResult.cpf as SPEC shows it (number-like)', () => {
  it('is a JSON number; a leading zero drops and pads back; no CPF is null', () => {
    expect(scoreCpf('52998224725')).toBe(52998224725);
    expect(scoreCpf('01234567890')).toBe(1234567890);
    expect(String(scoreCpf('01234567890')).padStart(11, '0')).toBe('01234567890');
    expect(scoreCpf(undefined)).toBeNull();
    expect(scoreCpf('')).toBeNull();
    expect(scoreCpf(52998224725)).toBe(52998224725);
  });
  it('reads results stored with the CPF as a string', () => {
    const stored = { cpf: '52998224725', customerId: '', score: 90, hardStop: false, penalties: [], statistics: { batchId: 1, methodName: 'm', totalTime: 5 } };
    expect(specScoreResult(stored as never)!.cpf).toBe(52998224725);
    expect(specScoreResult({ ...stored, cpf: '' } as never)!.cpf).toBeNull();
    expect(specScoreResult(null)).toBeNull();
  });
});
