import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWith, textProblem } from './validation';

describe('parseWith: text PostgreSQL cannot store, and refinements that throw', () => {
  const schema = z.object({ name: z.string(), extra: z.record(z.string(), z.unknown()).optional() });

  it('refuses a NUL character in a value or a key with 400 pointing at it', () => {
    expect(() => parseWith(schema, { name: 'a\u0000b' }, 'body')).toThrow(expect.objectContaining({ status: 400, code: 'validation_failed', errors: [{ pointer: '/name', message: 'contains a NUL character' }] }));
    expect(() => parseWith(schema, { name: 'a', extra: { 'k\u0000': 1 } }, 'body')).toThrow(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ pointer: '/extra/k\u0000' })] }));
  });

  it('refuses an unpaired surrogate (jsonb refuses its escape), and accepts a paired one', () => {
    expect(() => parseWith(schema, { name: 'lone \uD800' }, 'query')).toThrow(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ pointer: '/name' })] }));
    expect(parseWith(schema, { name: 'pair 💩' }, 'body')).toEqual({ name: 'pair 💩' });
  });

  it('prefixes pointers with where the data sits', () => {
    expect(() => parseWith(schema, { name: '\u0000' }, 'body', ['docs', 3])).toThrow(expect.objectContaining({ errors: [expect.objectContaining({ pointer: '/docs/3/name' })] }));
    expect(() => parseWith(schema, { name: 1 }, 'body', ['docs', 3])).toThrow(expect.objectContaining({ errors: [expect.objectContaining({ pointer: '/docs/3/name' })] }));
  });

  it('walks 100 000 levels of nesting without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000));
    expect(textProblem(deep)?.path).toHaveLength(100_000);
    expect(textProblem(JSON.parse('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)))).toBeUndefined();
  });

  it('answers 400, not 500, when a refinement throws on a value it was not written for', () => {
    const throwing = z.string().refine((v) => new URL(v).protocol === 'https:');
    expect(() => parseWith(throwing, 'not a url', 'body')).toThrow(expect.objectContaining({ status: 400, code: 'validation_failed' }));
  });
});
