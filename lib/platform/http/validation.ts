import type { z } from 'zod';
import { AppError, isAppError, type ErrorCode, type FieldError } from '../errors';
import { getLogger } from '../log';

/** Semantic refinements carry `params.code`; they answer 422 instead of 400. */
export interface SemanticParams {
  code: ErrorCode;
}

type Where = 'body' | 'query' | 'path';

const pointer = (path: PropertyKey[]) =>
  '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const placeOf = (where: Where) => (where === 'body' ? 'request body' : where === 'query' ? 'query string' : 'path');

function invalid(where: Where, errors: FieldError[]): AppError {
  const summary = errors.length === 1 ? `${errors[0]!.pointer}: ${errors[0]!.message}` : `${errors.length} problems`;
  return new AppError(400, 'validation_failed', `The ${placeOf(where)} is invalid (${summary}).`, { errors });
}

/** `at`: where the validated data sits in the request (a batch document is validated on its own, as /docs/i). */
export function validationError(error: z.ZodError, where: Where, at: PropertyKey[] = []): AppError {
  const errors = error.issues.map((issue) => {
    const code = issue.code === 'custom' ? (issue.params as SemanticParams | undefined)?.code : undefined;
    return { pointer: pointer([...at, ...issue.path]), message: issue.message, ...(code ? { code } : {}) };
  });
  const semantic = errors.find((e) => e.code);
  if (semantic?.code && errors.every((e) => e.code)) {
    return new AppError(422, semantic.code, semantic.message, { errors });
  }
  return invalid(where, errors);
}

const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

const textFault = (s: string) => (s.includes('\u0000') ? 'contains a NUL character' : !isWellFormed(s) ? 'contains an unpaired surrogate (not Unicode text)' : undefined);

/**
 * The first string (value or key) that is not storable text: a NUL character
 * (PostgreSQL text and jsonb refuse U+0000) or an unpaired UTF-16 surrogate
 * (jsonb refuses the escape; text would silently turn it into U+FFFD). No
 * field has a use for either. Walked without recursion: bodies may nest
 * thousands deep.
 */
export function textProblem(data: unknown): { path: string[]; message: string } | undefined {
  type Visit = { value: unknown; key?: string; parent?: Visit };
  const pathOf = (v: Visit) => {
    const keys: string[] = [];
    for (let at: Visit | undefined = v; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse();
  };
  const stack: Visit[] = [{ value: data }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      const message = textFault(value);
      if (message) return { path: pathOf(visit), message };
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const next = { value: child, key, parent: visit };
        const message = textFault(key);
        if (message) return { path: pathOf(next), message: `its name ${message}` };
        stack.push(next);
      }
    }
  }
  return undefined;
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown, where: Where, at: PropertyKey[] = []): z.output<S> {
  const text = textProblem(data);
  if (text) throw invalid(where, [{ pointer: pointer([...at, ...text.path]), message: text.message }]);
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(data);
  } catch (err) {
    // A refinement that throws on a value it was not written for: the value is still bad input, not a 500.
    if (isAppError(err)) throw err;
    getLogger().warn({ err, where }, 'a schema refinement threw; answered as a validation error');
    throw invalid(where, [{ pointer: pointer(at), message: 'could not be validated' }]);
  }
  if (!result.success) throw validationError(result.error, where, at);
  return result.data;
}
