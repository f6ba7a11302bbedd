import { configProblems, configSchema, type Config } from './schema';

export type { Config } from './schema';

const GLOBAL_KEY = Symbol.for('atesta.config');
type Holder = { [GLOBAL_KEY]?: Config };

/** Parses the environment once per process; a bad value stops start-up with a clear message. */
export function getConfig(): Config {
  const holder = globalThis as Holder;
  const cached = holder[GLOBAL_KEY];
  if (cached) return cached;
  const parsed = configSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const problems = configProblems(value);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  const devOutbox = value.DEV_OUTBOX ? value.DEV_OUTBOX === 'true' : value.NODE_ENV !== 'production';
  const config: Config = { ...value, publicUrl, devOutbox };
  holder[GLOBAL_KEY] = config;
  return config;
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetConfig(): void {
  delete (globalThis as Holder)[GLOBAL_KEY];
}
