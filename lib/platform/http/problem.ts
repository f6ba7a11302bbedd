import { z } from 'zod';
import { AppError } from '../errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 problem details, with our stable `code`, the request id and field errors. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'URI naming the problem type: `urn:atesta:problem:<code>`.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional().meta({ description: 'Path of the request that failed.' }),
    code: z.string().meta({ description: 'Stable machine-readable error code (see /docs#errors).' }),
    requestId: z.string().meta({ description: 'Also sent as the x-request-id response header.' }),
    errors: z
      .array(z.object({ pointer: z.string(), message: z.string(), code: z.string().optional() }))
      .optional()
      .meta({ description: 'Field errors, each located by a JSON Pointer into the request body.' }),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

export function problemBody(err: AppError, requestId: string, instance?: string): Problem & Record<string, unknown> {
  return {
    type: `urn:atesta:problem:${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.message,
    ...(instance ? { instance } : {}),
    code: err.code,
    requestId,
    ...(err.errors?.length ? { errors: err.errors } : {}),
    ...err.extensions,
  };
}

/** Members a SPEC shape carries beside the problem's own (these win on a clash). */
export type ProblemAlso = (problem: { code: string; detail: string; status: number }) => Record<string, unknown>;

export function problemResponse(err: AppError, requestId: string, instance?: string, also?: ProblemAlso): Response {
  const body = problemBody(err, requestId, instance);
  return new Response(JSON.stringify(also ? { ...also(body), ...body } : body), {
    status: err.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId, 'cache-control': 'no-store', ...err.headers },
  });
}

export { ERROR_CODES } from '../errors';
