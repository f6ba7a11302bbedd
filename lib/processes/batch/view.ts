import { asc, eq } from 'drizzle-orm';
import { getDb, isUuid, schema, type Executor } from '../../platform/db';
import type { OcrResult } from '../../engines/documents';
import { notFound } from '../../platform/errors';

type BatchRow = typeof schema.importBatches.$inferSelect;
type DocRow = typeof schema.importDocs.$inferSelect;

export interface BatchView {
  batchId: string;
  batchExternalId: string;
  workflowAlias: string;
  status: BatchRow['status'];
  counts: { total: number; pending: number; done: number; rejected: number; failed: number };
  createdAt: string;
  finishedAt: string | null;
  docs: ReturnType<typeof docView>[];
}

function docView(d: DocRow) {
  const a = d.attributes as { externalId?: string; typeAlias?: string; keys?: unknown[]; docActivitys?: unknown[]; externalKeys?: Record<string, unknown> };
  return {
    position: d.position,
    fileName: d.fileName,
    externalId: a.externalId ?? null,
    typeAlias: a.typeAlias ?? null,
    status: d.status,
    rejectCode: d.rejectCode,
    docRejectPhase: d.docRejectPhase,
    rejectReason: d.rejectReason,
    contentType: d.contentType,
    fileSize: d.fileSize,
    qtdePages: d.qtdePages,
    typeRecognized: d.typeRecognized,
    ocr: (d.ocr as OcrResult | null) ?? null,
    keys: a.keys ?? [],
    docActivitys: a.docActivitys ?? [],
    externalKeys: a.externalKeys ?? null,
  };
}

export async function batchView(db: Executor, batch: BatchRow): Promise<BatchView> {
  const docs = await db.select().from(schema.importDocs).where(eq(schema.importDocs.batchId, batch.id)).orderBy(asc(schema.importDocs.position));
  const count = (...s: DocRow['status'][]) => docs.filter((d) => s.includes(d.status)).length;
  return {
    batchId: batch.id,
    batchExternalId: batch.batchExternalId,
    workflowAlias: batch.workflowAlias,
    status: batch.status,
    counts: { total: docs.length, pending: count('PENDING', 'PROCESSING'), done: count('DONE'), rejected: count('REJECTED'), failed: count('FAILED') },
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    docs: docs.map(docView),
  };
}

/** A batch of this integrator; any other id (unknown, malformed, someone else's) is the same 404. */
export async function findBatch(integratorId: string, batchId: string): Promise<BatchRow> {
  const missing = notFound('not_found', `No batch ${batchId}.`);
  if (!isUuid(batchId)) throw missing;
  const db = await getDb();
  const [row] = await db.select().from(schema.importBatches).where(eq(schema.importBatches.id, batchId));
  if (!row || row.integratorId !== integratorId) throw missing;
  return row;
}

export async function getBatch(integratorId: string, batchId: string): Promise<BatchView> {
  return batchView(await getDb(), await findBatch(integratorId, batchId));
}
