import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { stepHit, type StepHit } from './search';

export const STEP_KINDS = ['validation', 'fraud', 'liveness', 'mfa'] as const;
export const STEP_STATUSES = ['PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED'] as const;
export const STEP_PAGE = 25;

export interface StepFilter {
  kind?: (typeof STEP_KINDS)[number];
  status?: (typeof STEP_STATUSES)[number];
  /** Started on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Started on or before this day (YYYY-MM-DD, UTC). */
  to?: string;
  /** Cursor: the requestId the previous page ended with. */
  before?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a filter from a page's query, ignoring what is not one of the known values. */
export function stepFilterOf(q: Record<string, string | string[] | undefined>): StepFilter {
  const one = (k: string) => (typeof q[k] === 'string' && q[k] ? (q[k] as string) : undefined);
  const kind = STEP_KINDS.find((k) => k === one('kind'));
  const status = STEP_STATUSES.find((s) => s === one('status'));
  const from = one('from') && DAY.test(one('from')!) && !Number.isNaN(Date.parse(one('from')!)) ? one('from') : undefined;
  const to = one('to') && DAY.test(one('to')!) && !Number.isNaN(Date.parse(one('to')!)) ? one('to') : undefined;
  const before = one('before') && /^[0-9a-f-]{36}$/i.test(one('before')!) ? one('before') : undefined;
  return { kind, status, from, to, before };
}

/** The integrator's step processes, newest first, by kind, status and start day; pages of STEP_PAGE. */
export async function listSteps(integratorId: string, filter: StepFilter): Promise<{ items: StepHit[]; nextCursor: string | null }> {
  const db = await getDb();
  const s = schema.stepProcesses;
  const conds: SQL[] = [eq(s.integratorId, integratorId)];
  if (filter.kind) conds.push(eq(s.kind, filter.kind));
  if (filter.status) conds.push(eq(s.status, filter.status));
  if (filter.from) conds.push(gte(s.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conds.push(lt(s.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  if (filter.before) {
    const [cursor] = await db.select({ createdAt: s.createdAt, id: s.id }).from(s).where(and(eq(s.id, filter.before), eq(s.integratorId, integratorId)));
    if (cursor) conds.push(or(lt(s.createdAt, cursor.createdAt), and(eq(s.createdAt, cursor.createdAt), lt(s.id, cursor.id)))!);
  }
  const rows = await db
    .select()
    .from(s)
    .where(and(...conds))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(STEP_PAGE + 1);
  const items = rows.slice(0, STEP_PAGE).map(stepHit);
  return { items, nextCursor: rows.length > STEP_PAGE ? items[items.length - 1]!.requestId : null };
}
