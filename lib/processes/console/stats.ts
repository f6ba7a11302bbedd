import { sql } from 'drizzle-orm';
import { getDb } from '../../platform/db';

export interface DailyVolume {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  counts: Record<string, number>;
}

export interface ConsoleStats {
  days: number;
  /** Onboardings created per UTC day by their current status, oldest day first, every day present. */
  daily: DailyVolume[];
  /** Approved (DONE, or RESOLVED by a reviewer's approval) over decided (DONE, REJECTED, BLACKLISTED, RESOLVED). */
  approval: { approved: number; decided: number; rate: number | null };
  /** Median seconds from creation to a final status, of the onboardings that reached one. */
  medianProcessingSeconds: number | null;
  /** Rules fired most in every fraud analysis (API, hosted steps, onboardings), most first. */
  topPenalties: { rulesName: string; count: number }[];
}

export const STATS_DAYS = 30;
const TOP_PENALTIES = 8;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The console's charts over the last `days` days (today included). */
export async function stats(integratorId: string, days = STATS_DAYS, now = new Date()): Promise<ConsoleStats> {
  const db = await getDb();
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const [volumes, approval, median, penalties] = await Promise.all([
    db.execute<{ day: string; status: string; n: number }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as n
      from onboardings where integrator_id = ${integratorId} and created_at >= ${firstDay.toISOString()}
      group by 1, 2`),
    db.execute<{ approved: number; decided: number }>(sql`
      select count(*) filter (where status = 'DONE' or (status = 'RESOLVED' and resolution->>'decision' = 'approve'))::int as approved,
             count(*) filter (where status in ('DONE', 'REJECTED', 'BLACKLISTED', 'RESOLVED'))::int as decided
      from onboardings where integrator_id = ${integratorId} and created_at >= ${firstDay.toISOString()}`),
    db.execute<{ median: number | null }>(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from finished_at - created_at)::float8)::float8 as median
      from onboardings where integrator_id = ${integratorId} and created_at >= ${firstDay.toISOString()} and finished_at is not null`),
    db.execute<{ rules_name: string; n: number }>(sql`
      select p->>'rulesName' as rules_name, count(*)::int as n
      from fraud_analyses, jsonb_array_elements(penalties) as p
      where integrator_id = ${integratorId} and created_at >= ${firstDay.toISOString()}
      group by 1 order by 2 desc, 1 limit ${TOP_PENALTIES}`),
  ]);
  const byDay = new Map<string, Record<string, number>>();
  for (const r of volumes.rows) byDay.set(r.day, { ...byDay.get(r.day), [r.status]: Number(r.n) });
  const daily = Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(firstDay.getTime() + i * 86_400_000));
    return { day, counts: byDay.get(day) ?? {} };
  });
  const a = approval.rows[0] ?? { approved: 0, decided: 0 };
  const m = median.rows[0]?.median;
  return {
    days,
    daily,
    approval: { approved: Number(a.approved), decided: Number(a.decided), rate: Number(a.decided) ? Number(a.approved) / Number(a.decided) : null },
    medianProcessingSeconds: m === null || m === undefined ? null : Math.round(Number(m) * 10) / 10,
    topPenalties: penalties.rows.map((r) => ({ rulesName: r.rules_name, count: Number(r.n) })),
  };
}
