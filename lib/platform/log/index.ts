import pino, { type Logger } from 'pino';
import { getConfig } from '../config';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line: credentials, personal and biometric data. */
const SENSITIVE = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|cpf|image|selfie|file|photo|face|template|email|phone|cellphone/i;
const MAX_DEPTH = 6;

export function scrub(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return errorSummary(value);
  if (depth >= MAX_DEPTH) return '[depth]';
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.test(k) ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

/**
 * An error as it may be logged: a failed query's message carries its
 * parameters (drizzle appends them: CPFs, sealed pictures), so only the text
 * before them is kept; the cause (the driver's error, with PostgreSQL's code)
 * is what explains the failure.
 */
function errorSummary(e: Error, depth = 0): Record<string, unknown> {
  const message = e.message.split('\nparams:')[0]!.slice(0, 2000);
  const code = (e as { code?: unknown }).code;
  const cause = e.cause instanceof Error && depth < 3 ? errorSummary(e.cause, depth + 1) : undefined;
  return { type: e.name, message, ...(typeof code === 'string' ? { code } : {}), ...(cause ? { cause } : {}) };
}

/** The frames of a stack without its first line (the message, which may carry query parameters). */
export function stackFrames(e: unknown): string | undefined {
  const stack = (e as Error)?.stack;
  return stack ? stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') : undefined;
}

export { maskCpf } from './mask';

const KEY = Symbol.for('atesta.logger');
type Holder = { [KEY]?: Logger };

/** Structured JSON logs on stdout; every object passed in is scrubbed of sensitive keys. */
export function getLogger(): Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino({
    level: getConfig().LOG_LEVEL,
    base: { service: 'atesta' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
    serializers: { err: (e: unknown) => scrub(e) },
  });
  return holder[KEY];
}
