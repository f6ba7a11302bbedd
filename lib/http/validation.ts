import type { z } from 'zod';
import { AppError, type FieldError } from '../errors';

/** Semantic refinements carry `params.code`; they answer 422 instead of 400. */
export interface SemanticParams {
  code: string;
}

const pointer = (path: PropertyKey[]) =>
  '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function validationError(error: z.ZodError, where: 'body' | 'query' | 'path'): AppError {
  const errors: FieldError[] = error.issues.map((issue) => {
    const code = issue.code === 'custom' ? (issue.params as SemanticParams | undefined)?.code : undefined;
    return { pointer: pointer(issue.path), message: issue.message, ...(code ? { code } : {}) };
  });
  const semantic = errors.find((e) => e.code);
  if (semantic && errors.every((e) => e.code)) {
    return new AppError(422, semantic.code!, semantic.message, { errors });
  }
  const place = where === 'body' ? 'request body' : where === 'query' ? 'query string' : 'path';
  const summary = errors.length === 1 ? `${errors[0]!.pointer}: ${errors[0]!.message}` : `${errors.length} problems`;
  return new AppError(400, 'validation_failed', `The ${place} is invalid (${summary}).`, { errors });
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown, where: 'body' | 'query' | 'path'): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}
