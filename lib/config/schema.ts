import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/**
 * Every environment variable Atesta reads. README's configuration table is
 * written from this list; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ATESTA_DEMO_USERNAME: z.string().min(3).optional(),
  ATESTA_DEMO_PASSWORD: z.string().min(8).optional(),
  ATESTA_DEMO_API_KEY: z.string().min(16).optional(),
  ATESTA_DEMO: bool(true),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string };
