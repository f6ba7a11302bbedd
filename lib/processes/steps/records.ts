import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, isUuid, schema, type Executor } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { canTransition, STEP_STATUSES, type StepStatus } from './state';

export type StepProcess = typeof schema.stepProcesses.$inferSelect;

/** A process of this integrator; any other id (unknown, malformed, someone else's) is the same 404. */
export async function findProcess(db: Executor, integratorId: string | undefined, requestId: string): Promise<StepProcess> {
  const missing = notFound('not_found', `No step process ${requestId}.`);
  if (!isUuid(requestId)) throw missing;
  const [row] = await db
    .select()
    .from(schema.stepProcesses)
    .where(and(eq(schema.stepProcesses.id, requestId), integratorId ? eq(schema.stepProcesses.integratorId, integratorId) : undefined));
  if (!row) throw missing;
  return row;
}

/**
 * The one place where a process changes status: an atomic compare-and-set on
 * the statuses allowed to reach `to`. Anything else is `illegal_transition`.
 */
export async function transition(
  tx: Executor,
  processId: string,
  to: StepStatus,
  patch: Partial<typeof schema.stepProcesses.$inferInsert> = {},
): Promise<StepProcess> {
  const from = STEP_STATUSES.filter((s) => canTransition(s, to));
  const [row] = await tx
    .update(schema.stepProcesses)
    .set({ ...patch, status: to })
    .where(and(eq(schema.stepProcesses.id, processId), inArray(schema.stepProcesses.status, from)))
    .returning();
  if (row) return row;
  const [current] = await tx.select({ status: schema.stepProcesses.status }).from(schema.stepProcesses).where(eq(schema.stepProcesses.id, processId));
  throw conflict('illegal_transition', `A process in status ${current?.status ?? 'unknown'} cannot become ${to}.`);
}

/** Merges keys into the process's result object. */
export async function patchResult(tx: Executor, processId: string, values: Record<string, unknown>): Promise<void> {
  await tx
    .update(schema.stepProcesses)
    .set({ result: sql`${schema.stepProcesses.result} || ${JSON.stringify(values)}::jsonb` })
    .where(eq(schema.stepProcesses.id, processId));
}
