import { and, eq, inArray } from 'drizzle-orm';
import { openText } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { emitWebhook, kickDelivery } from '../../delivery/webhooks';
import { batchView } from './view';
import { findWorkflowRow } from './workflows';

/**
 * Ends the batch when none of its documents is left to analyse: DONE (all
 * DONE), PARTIAL (some DONE), FAILED (none), with `batch.completed` to the
 * workflow's webhook. The batch row is locked, so of two documents finishing
 * together exactly one sees the batch complete.
 */
export async function finishBatchIfCompleteTx(tx: Executor, batchId: string): Promise<string[]> {
  const b = schema.importBatches;
  const [batch] = await tx.select().from(b).where(eq(b.id, batchId)).for('update');
  if (!batch || ['DONE', 'PARTIAL', 'FAILED'].includes(batch.status)) return [];
  const docs = await tx.select({ status: schema.importDocs.status }).from(schema.importDocs).where(eq(schema.importDocs.batchId, batchId));
  if (docs.some((d) => d.status === 'PENDING' || d.status === 'PROCESSING')) return [];
  const done = docs.filter((d) => d.status === 'DONE').length;
  const status = done === docs.length ? 'DONE' : done > 0 ? 'PARTIAL' : 'FAILED';
  const [finished] = await tx
    .update(b)
    .set({ status, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(b.id, batchId), inArray(b.status, ['RECEIVED', 'PROCESSING'])))
    .returning();
  const workflow = await findWorkflowRow(tx, finished!.integratorId, finished!.workflowAlias);
  return emitWebhook(tx, {
    integratorId: finished!.integratorId,
    type: 'batch.completed',
    url: workflow?.webhookUrl,
    basicAuth: workflow?.webhookBasicAuthEnc ? openText(workflow.webhookBasicAuthEnc) : null,
    subjectId: batchId,
    data: () => batchView(tx, finished!),
  });
}

export async function finishBatchIfComplete(batchId: string): Promise<void> {
  const db = await getDb();
  const eventIds = await db.transaction((tx) => finishBatchIfCompleteTx(tx, batchId));
  if (eventIds.length) await kickDelivery(eventIds).catch(() => undefined);
}
