import { sql } from 'drizzle-orm';
import { getDb } from '../../platform/db';

export interface Overview {
  awaitingReview: number;
  last24h: { onboardings: Record<string, number>; steps: Record<string, number>; batches: Record<string, number> };
}

const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));

/** What an analyst sees first: the review queue's length and the last day's volumes by status. */
export async function overview(integratorId: string): Promise<Overview> {
  const db = await getDb();
  const since = sql`now() - interval '24 hours'`;
  const [review, onboardings, steps, batches] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from onboardings where integrator_id = ${integratorId} and status = 'ANALYSIS'`),
    db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from onboardings where integrator_id = ${integratorId} and created_at > ${since} group by status`),
    db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from step_processes where integrator_id = ${integratorId} and created_at > ${since} group by status`),
    db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from import_batches where integrator_id = ${integratorId} and created_at > ${since} group by status`),
  ]);
  return { awaitingReview: Number(review.rows[0]?.n ?? 0), last24h: { onboardings: byStatus(onboardings.rows), steps: byStatus(steps.rows), batches: byStatus(batches.rows) } };
}
