import { sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { getDb } from '../../platform/db';
import { overloaded } from '../../platform/errors';

let backlog: { at: number; count: number } | undefined;

/**
 * Refuses new onboardings while too many wait for analysis
 * (ONBOARDING_MAX_BACKLOG): accepting them would only stretch everyone's
 * wait. The count is read at most once a second.
 */
export async function admitOnboarding(): Promise<void> {
  const max = getConfig().ONBOARDING_MAX_BACKLOG;
  if (max <= 0) return;
  if (!backlog || Date.now() - backlog.at > 1000) {
    const db = await getDb();
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from onboardings where status in ('STARTED', 'PROCESSING')`);
    backlog = { at: Date.now(), count: Number(r.rows[0]?.n ?? 0) };
  }
  if (backlog.count >= max) throw overloaded(`${backlog.count} onboardings are waiting for analysis; retry later with the same Idempotency-Key.`, 30);
}

/** Tests: forget the cached count. */
export function forgetOnboardingBacklog(): void {
  backlog = undefined;
}
