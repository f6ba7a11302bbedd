import pino, { type Logger } from 'pino';
import { getConfig } from '../config';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line: credentials, personal and biometric data. */
const SENSITIVE = /pass(word)?|secret|token|authorization|api[-_]?key|cookie|cpf|image|selfie|file|photo|face|template|email|phone|cellphone/i;
const MAX_DEPTH = 6;

export function scrub(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: value.message };
  if (depth >= MAX_DEPTH) return '[depth]';
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.test(k) ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

/** `123.456.789-09` -> `***.456.789-**`: enough to correlate, not enough to identify. */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
}

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
