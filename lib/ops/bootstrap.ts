import { ensureDemoIntegrator, ensureSigningKey, type DemoCredentials } from '../platform/auth';
import { getConfig } from '../platform/config';
import { closeDatabase, getDatabase } from '../platform/db';
import { stopWorkers } from '../platform/jobs';
import { getLogger } from '../platform/log';
import { updateSettings } from '../platform/settings';
import { ensureServiceQueues, startServiceWorkers } from './workers';

export interface BootResult {
  databaseKind: 'pglite' | 'postgres';
  demo?: DemoCredentials;
  queues: number;
}

/** Start-up shared by the web server and `npm run worker`: database, migrations, keys, demo tenant, jobs. */
export async function boot(options: { worker: boolean; demo: boolean }): Promise<BootResult> {
  const database = await getDatabase(); // opens and migrates
  await ensureSigningKey();
  const demo = options.demo ? await ensureDemoIntegrator() : undefined;
  // A new integrator starting a step with appRedirect "/done" should not meet a 422 first.
  if (demo) await updateSettings(demo.integratorId, { appOrigin: demoAppOrigin() });
  let queues = 0;
  if (options.worker) queues = await startServiceWorkers();
  else await ensureServiceQueues();
  getLogger().info({ database: database.kind, worker: options.worker, queues, publicUrl: getConfig().publicUrl }, 'atesta booted');
  return { databaseKind: database.kind, demo, queues };
}

/** DEMO_APP_ORIGIN, else the origin of PUBLIC_URL. */
export function demoAppOrigin(): string {
  const config = getConfig();
  return new URL(config.DEMO_APP_ORIGIN ?? config.publicUrl).origin;
}

export async function shutdown(): Promise<void> {
  await stopWorkers().catch((err) => getLogger().warn({ err }, 'stopping workers failed'));
  await closeDatabase();
}

/** Printed once, on the terminal only (never through the logger). */
export function demoBanner(demo: DemoCredentials): string {
  return [
    '',
    '================ Atesta demo integrator (shown once) ================',
    `  username : ${demo.username}`,
    `  password : ${demo.password}`,
    `  x-api-key: ${demo.apiKey}`,
    '  Keep these now: only hashes are stored.',
    '======================================================================',
    '',
  ].join('\n');
}
