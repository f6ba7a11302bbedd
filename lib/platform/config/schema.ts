import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const keyword = /^'?(none|self)'?$/i;
/** A CSP frame-ancestors source list; `none` and `self` may be written without their quotes. */
const frameAncestors = z
  .string()
  .default("'none'")
  .transform((v) => v.trim().split(/\s+/).map((s) => (keyword.test(s) ? `'${s.replace(/'/g, '').toLowerCase()}'` : s)).join(' '))
  .refine(
    (v) => v === "'none'" || v.split(' ').every((s) => s === "'self'" || /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(s)),
    "must be 'none', or 'self' and/or origins such as https://app.example.com (space-separated)",
  );

/**
 * Every environment variable Atesta reads. README's configuration table is
 * written from this list; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 1),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  DB_POOL_MAX: int(10, 1),
  PGLITE_SOCKET: bool(true),
  WORKER_IN_PROCESS: bool(true),
  ATESTA_MASTER_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: int(300, 30),
  REFRESH_TOKEN_TTL_SECONDS: int(1800, 60),
  SESSION_MAX_SECONDS: int(36000, 60),
  BODY_LIMIT_BYTES: int(1024 * 1024, 1024),
  MEDIA_BODY_LIMIT_BYTES: int(48 * 1024 * 1024, 1024),
  LOGIN_MAX_FAILURES_PER_USERNAME: int(10, 1),
  LOGIN_FAILURE_WINDOW_SECONDS: int(900, 1),
  LOGIN_MAX_ATTEMPTS_PER_IP: int(60, 1),
  LOGIN_IP_WINDOW_SECONDS: int(60, 1),
  TRUST_PROXY: bool(false),
  // Load shedding (docs/operations.md, "Overload")
  /** Requests per minute per integrator on the authenticated API (429 beyond; counted in 10 s windows, shared by every web process); 0 turns it off. */
  API_RATE_LIMIT_PER_MINUTE: int(3000, 0),
  /** Requests one web process serves at once; beyond, 503 `overloaded` at once. 0 turns it off. */
  MAX_INFLIGHT_REQUESTS: int(256, 0),
  /** Synchronous document/face analyses (4.4-4.10, capture steps) one web process runs at once; unset: its CPU count. */
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** Analyses that may wait for a place (unset: 4 per place), and how long (ms) before 503 `overloaded`. */
  ANALYSIS_QUEUE: z.coerce.number().int().min(0).optional(),
  ANALYSIS_QUEUE_TIMEOUT_MS: int(30_000, 100),
  /** Onboardings accepted but not yet analysed beyond which new ones get 503 `overloaded`; 0 turns it off. */
  ONBOARDING_MAX_BACKLOG: int(5000, 0),
  /** CSP frame-ancestors: who may show Atesta's pages in a frame. `'none'`, `'self'` or space-separated origins. */
  FRAME_ANCESTORS: frameAncestors,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATESTA_DEMO_USERNAME: z.string().min(3).optional(),
  ATESTA_DEMO_PASSWORD: z.string().min(8).optional(),
  ATESTA_DEMO_API_KEY: z.string().min(16).optional(),
  ATESTA_DEMO: bool(true),
  /** Origin the demo integrator's appRedirect paths resolve against; default the origin of PUBLIC_URL. */
  DEMO_APP_ORIGIN: z.url().optional(),
  // Webhooks
  WEBHOOK_TIMEOUT_MS: int(10_000, 100),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool(false),
  /** Waits (seconds) after failed attempt 1, 2, …; after the last, the event is failed. Default: about three days in all. */
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .default('60,300,1800,7200,18000,36000,86400,86400')
    .transform((v) => v.split(',').map((x) => Number(x.trim())))
    .pipe(z.array(z.number().int().min(1)).min(1)),
  // Media intake
  MEDIA_MAX_FILE_BYTES: int(10 * 1024 * 1024, 1024),
  MEDIA_MAX_MEGAPIXELS: int(40, 1),
  MEDIA_MAX_PDF_PAGES: int(10, 1),
  MEDIA_DECODE_TIMEOUT_SECONDS: int(15, 1),
  // OCR
  OCR_WORKERS: z.coerce.number().int().min(1).optional(),
  OCR_RECYCLE_AFTER_JOBS: int(200, 1),
  /** Read one bundled synthetic document at boot, so the first real call does not spend its time budget warming up. */
  WARM_ENGINES_ON_BOOT: bool(true),
  /** Time one document reading may spend before it stops trying other orientations and fallbacks. */
  DOCUMENT_TIME_BUDGET_MS: int(2500, 200),
  /**
   * The same budget for readings inside a process, whose answer is not the API response: an onboarding's analysis, a
   * batch document, a person's capture in a hosted fraud step. Longer, so that a busy machine does not turn a readable
   * document into "not recognised" (see docs/documents.md, "time budget").
   */
  DOCUMENT_PROCESS_TIME_BUDGET_MS: int(15000, 200),
  FACE_WORKERS: z.coerce.number().int().min(1).optional(),
  /** Wait before a step code can be resent. */
  STEP_RESEND_COOLDOWN_SECONDS: int(60, 1),
  /** Captures (document or selfie) a person may submit in one fraud or liveness process before it is REJECTED. */
  STEP_MAX_CAPTURE_ATTEMPTS: int(3, 1),
  /** Fraud step: lowest score approved (no hard stop fired either); below it the process is REJECTED. */
  STEP_FRAUD_MIN_SCORE: int(70, 0),
  /** Movements the hosted liveness step may ask for, one drawn at random per attempt (turn_left, turn_right, come_closer). */
  STEP_LIVENESS_ACTIONS: z
    .string()
    .default('turn_left,turn_right')
    .transform((v) => v.split(',').map((a) => a.trim()))
    .pipe(z.array(z.enum(['turn_left', 'turn_right', 'come_closer'])).min(1)),
  /** Life of a desktop-to-phone handoff link. */
  STEP_HANDOFF_TTL_SECONDS: int(600, 30),
  // Onboarding (SPEC 4.2)
  /** Score at or above which an onboarding without a hard stop is approved (DONE); per integrator in settings. */
  ONBOARDING_APPROVE_SCORE: int(80, 0),
  /** Score under which it is REJECTED; between the two it waits for manual review (ANALYSIS). */
  ONBOARDING_REJECT_SCORE: int(50, 0),
  /** Days after the final status before pictures and face templates are purged. */
  ONBOARDING_RETENTION_DAYS: int(90, 1),
  /** Runs of the pipeline (crashes included) before an onboarding ends in ERROR. */
  ONBOARDING_MAX_ATTEMPTS: int(5, 1),
  /** A pipeline run holds its onboarding this long (renewed while it works); a crashed run is taken over after it. */
  ONBOARDING_LEASE_SECONDS: int(120, 2),
  ONBOARDING_EMAIL_TOKEN_TTL_MINUTES: int(60, 1),
  ONBOARDING_SMS_TOKEN_TTL_MINUTES: int(10, 1),
  // Batch import (SPEC 4.19)
  /** Most documents in one create-batch request. */
  IMPORT_MAX_DOCS: int(100, 1),
  /** Largest create-batch request body (files in base64 included). */
  IMPORT_MAX_BODY_BYTES: int(50 * 1024 * 1024, 1024),
  /** Directory a Doc's `filePath` is read from (nothing outside it); unset: filePath is refused. */
  IMPORT_DIR: z.string().optional(),
  /** Runs of a document's analysis (crashes included) before it is FAILED. */
  IMPORT_MAX_ATTEMPTS: int(3, 1),
  /** A batch document's analysis holds it this long; a crashed run's document is taken over after it. */
  IMPORT_LEASE_SECONDS: int(300, 2),
  // Object storage of pictures and face templates (sealed before they leave the process)
  OBJECT_STORE: z.enum(['database', 's3']).default('database'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(true),
  S3_PREFIX: z.string().default(''),
  // Messages (SMS and e-mail)
  DEFAULT_LOCALE: z.enum(['pt-BR', 'en']).default('pt-BR'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Atesta <no-reply@atesta.local>'),
  SMS_PROVIDER: z.enum(['twilio', 'http']).optional(),
  SMS_FROM: z.string().optional(),
  SMS_TWILIO_ACCOUNT_SID: z.string().optional(),
  SMS_TWILIO_AUTH_TOKEN: z.string().optional(),
  SMS_TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Unset: on unless NODE_ENV=production. */
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
  // SERPRO Datavalid
  /** Gateway base, e.g. https://gateway.apiserpro.serpro.gov.br. Unset: callers get `not_configured`. */
  DATAVALID_URL: z.url().optional(),
  DATAVALID_CONSUMER_KEY: z.string().optional(),
  DATAVALID_CONSUMER_SECRET: z.string().optional(),
  /** Whole budget of one validation (token + query). */
  DATAVALID_TIMEOUT_MS: int(10_000, 100),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; devOutbox: boolean };

/** Combinations that are refused at start-up. */
export function configProblems(c: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (c.WEBHOOK_ALLOW_PRIVATE_NETWORKS && c.NODE_ENV === 'production') {
    problems.push('WEBHOOK_ALLOW_PRIVATE_NETWORKS=true is refused with NODE_ENV=production (it would let webhooks reach internal services).');
  }
  if (c.SMS_PROVIDER === 'twilio' && !(c.SMS_TWILIO_ACCOUNT_SID && c.SMS_TWILIO_AUTH_TOKEN && c.SMS_FROM)) {
    problems.push('SMS_PROVIDER=twilio needs SMS_TWILIO_ACCOUNT_SID, SMS_TWILIO_AUTH_TOKEN and SMS_FROM.');
  }
  if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL.');
  if (c.DATAVALID_URL && !(c.DATAVALID_CONSUMER_KEY && c.DATAVALID_CONSUMER_SECRET)) {
    problems.push('DATAVALID_URL needs DATAVALID_CONSUMER_KEY and DATAVALID_CONSUMER_SECRET.');
  }
  if (c.OBJECT_STORE === 's3' && !(c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    problems.push('OBJECT_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }
  if (c.ONBOARDING_REJECT_SCORE > c.ONBOARDING_APPROVE_SCORE) problems.push('ONBOARDING_REJECT_SCORE must not be above ONBOARDING_APPROVE_SCORE.');
  return problems;
}
