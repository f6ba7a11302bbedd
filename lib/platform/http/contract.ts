import type { z } from 'zod';
import type { Role, Scope } from '../auth/shared';
import type { BodyKind } from './body';
import type { ProblemAlso } from './problem';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Which OpenAPI document lists the operation (one per base URL of SPEC, plus operations). */
export type ApiBase = 'services' | 'onboarding' | 'import';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * One operation: the single source of truth for request parsing, the guard it
 * sits behind and its OpenAPI description.
 */
export interface Contract {
  method: Method;
  /** OpenAPI path template, e.g. `/services/api/v1/onboarding/enroll/{onboardingId}`. */
  path: string;
  bases: ApiBase[];
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: 'bearer' | 'apiKey' | 'none';
  scope?: Scope;
  body?: { schema: z.ZodType; kind?: BodyKind; limit?: 'default' | 'media' | 'import'; /** multipart: the parts that carry files. */ fileFields?: readonly string[] };
  /** `analysis`: synchronous OCR/face work, admitted through the process's analysis gate (503 `overloaded` beyond it). */
  admission?: 'analysis';
  params?: z.ZodObject;
  query?: z.ZodObject;
  responses: Record<number, ResponseSpec>;
  /** Problem statuses this operation can answer with, beyond the common ones. */
  errors?: number[];
  /**
   * Console roles of the users who may call it (checked before the body is
   * read). Default: every role for GET, admin alone for state changes.
   * Machine credentials (API keys, OAuth clients) carry no role and are not
   * limited by this.
   */
  roles?: Role[];
  /**
   * Only a signed-in user with one of `roles` may call it: machine
   * credentials (OAuth clients, API keys), which act for the integrator as a
   * whole, are refused with 403 `forbidden_role` (managing users, keys,
   * clients, the webhook secret and settings).
   */
  usersOnly?: boolean;
  /**
   * Members added to every problem this operation answers, where SPEC's own
   * response shape carries the error (4.9: an OcrResult with `errorMessage`).
   * The status and the problem members stay as they are.
   */
  problemAlso?: { schema: z.ZodObject; of: ProblemAlso };
}

export const defineContract = <C extends Contract>(c: C): C => c;

const EVERY_ROLE: Role[] = ['admin', 'analyst', 'viewer'];

/** The roles a user needs for an operation: reads for all, writes for admins, unless the contract says otherwise. */
export const rolesOf = (c: Pick<Contract, 'method' | 'roles'>): Role[] => c.roles ?? (c.method === 'GET' ? EVERY_ROLE : ['admin']);

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type BodyOf<C extends Contract> = C['body'] extends { schema: infer S } ? Out<S> : undefined;
export type ParamsOf<C extends Contract> = Out<C['params']>;
export type QueryOf<C extends Contract> = Out<C['query']>;
