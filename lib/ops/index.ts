import { getDatabase, pendingMigrations } from '../platform/db';

export interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
}

/** Ready when the database answers within two seconds and every committed migration is applied. */
export async function readiness(): Promise<Readiness> {
  const checks: Record<string, string> = {};
  try {
    const database = await withTimeout(getDatabase(), 2000);
    await withTimeout(database.pool.query('select 1'), 2000);
    checks.database = `ok (${database.kind})`;
    const pending = await withTimeout(pendingMigrations(database.pool), 2000);
    checks.migrations = pending.length ? `pending: ${pending.join(', ')}` : 'ok';
  } catch (err) {
    checks.database = `unreachable: ${(err as Error).message.slice(0, 120)}`;
  }
  return { ready: Object.values(checks).every((v) => v.startsWith('ok')) && 'migrations' in checks, checks };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

export { boot, shutdown, demoBanner, type BootResult } from './bootstrap';
export { surviveDatabaseOutages } from './outages';
export { warmEngines } from './warm';
