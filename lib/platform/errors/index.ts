import type { ErrorCode } from './codes';

export { ERROR_CODES, type ErrorCode } from './codes';

/** One field-level problem, located by a JSON Pointer (RFC 6901) into the request. */
export interface FieldError {
  pointer: string;
  message: string;
  code?: string;
}

export interface AppErrorOptions {
  title?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extra members of the problem object (RFC 9457 extensions), e.g. OAuth's `error`. */
  extensions?: Record<string, unknown>;
  cause?: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * A failure that the caller can act on. `code` is stable and documented;
 * `detail` is a human sentence; nothing internal goes in either.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  readonly extensions: Record<string, unknown>;

  constructor(status: number, code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.title = options.title ?? TITLES[status] ?? 'Error';
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

export const badRequest = (code: ErrorCode, detail: string, options?: AppErrorOptions) => new AppError(400, code, detail, options);
export const unauthorized = (code: ErrorCode, detail: string, options?: AppErrorOptions) =>
  new AppError(401, code, detail, { ...options, headers: { 'www-authenticate': 'Bearer', ...options?.headers } });
export const forbidden = (code: ErrorCode, detail: string, options?: AppErrorOptions) => new AppError(403, code, detail, options);
export const notFound = (code: ErrorCode, detail: string) => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string, options?: AppErrorOptions) => new AppError(409, code, detail, options);
export const unprocessable = (code: ErrorCode, detail: string, options?: AppErrorOptions) => new AppError(422, code, detail, options);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', detail, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    extensions: { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

/** 503 with Retry-After: the server is at capacity; a retry shortly after succeeds. */
export const overloaded = (detail: string, retryAfterSeconds: number) =>
  new AppError(503, 'overloaded', detail, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    extensions: { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });
