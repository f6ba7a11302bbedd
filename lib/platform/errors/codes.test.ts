import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, unprocessable, type ErrorCode } from '.';

describe('error codes', () => {
  it('are a typed union: a code without a catalogue entry does not compile (next build type-checks this file)', () => {
    // @ts-expect-error 'no_such_code' is not in ERROR_CODES
    const unlisted: ErrorCode = 'no_such_code';
    // @ts-expect-error AppError takes catalogue codes only
    const thrown = () => new AppError(400, 'no_such_code', 'x');
    expect([unlisted, typeof thrown]).toHaveLength(2);
    expect(unprocessable('invalid_cpf', 'x').code).toBe('invalid_cpf');
  });

  it('each entry states its status first, then what it means', () => {
    for (const [code, text] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]+$/);
      expect(text, code).toMatch(/^\d{3}\b.* - .{10,}/);
    }
  });
});
