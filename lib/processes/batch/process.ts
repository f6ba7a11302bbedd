import { and, eq, inArray, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { getDb, keepLease, leaseFor, leaseTakeable, schema } from '../../platform/db';
import { WORKER_ID } from '@/lib/platform/jobs';
import { readDocument, PARENT_OF, type OcrResult, type RecognizedType } from '../../engines/documents';
import { isAppError } from '../../platform/errors';
import { kickDelivery } from '../../delivery/webhooks';
import { checkFileBytes, intakeFile } from '../../engines/media';
import { getOpened } from '../../platform/storage';
import type { Rejection } from './files';
import { finishBatchIfCompleteTx } from './finish';
import { findWorkflowRow } from './workflows';

type DocRow = typeof schema.importDocs.$inferSelect;

/**
 * Analyses one document of a batch: classification and OCR through the
 * document engine, then the checks (recognised, the typeAlias sent, the
 * workflow's expected types, fields read). Takes the document's lease first;
 * the result and the batch's completion commit together.
 */
export async function runDoc(docId: string): Promise<'done' | 'busy'> {
  const doc = await claim(docId);
  if (!doc) return 'busy';
  const leaseSeconds = getConfig().IMPORT_LEASE_SECONDS;
  const stopRenewing = keepLease(() => renew(doc, leaseSeconds), leaseSeconds);
  try {
    // Runs that crashed their worker count too: a document that kills every run must not loop forever.
    if (doc.attempts > getConfig().IMPORT_MAX_ATTEMPTS) {
      await settle(doc, { status: 'FAILED', rejection: { rejectCode: 'PROCESSING_FAILED', docRejectPhase: 2, reason: `analysis did not finish in ${doc.attempts - 1} attempts` } });
      return 'done';
    }
    const outcome = await analyse(doc);
    await settle(doc, outcome);
    return 'done';
  } catch (err) {
    if (doc.attempts >= getConfig().IMPORT_MAX_ATTEMPTS) {
      await settle(doc, { status: 'FAILED', rejection: { rejectCode: 'PROCESSING_FAILED', docRejectPhase: 2, reason: `analysis failed after ${doc.attempts} attempts` } });
      return 'done';
    }
    const db = await getDb();
    await db.update(schema.importDocs).set({ leaseUntil: null }).where(ownRun(doc));
    throw err;
  } finally {
    stopRenewing();
  }
}

/** This run's hold on the document: a run that lost its lease to another (attempts moved on) changes nothing. */
const ownRun = (doc: DocRow) => and(eq(schema.importDocs.id, doc.id), eq(schema.importDocs.status, 'PROCESSING'), eq(schema.importDocs.attempts, doc.attempts));

async function renew(doc: DocRow, leaseSeconds: number): Promise<void> {
  const db = await getDb();
  await db.update(schema.importDocs).set({ leaseUntil: leaseFor(leaseSeconds) }).where(ownRun(doc));
}

async function claim(docId: string): Promise<DocRow | undefined> {
  const db = await getDb();
  const d = schema.importDocs;
  const [row] = await db
    .update(d)
    .set({ status: 'PROCESSING', leaseUntil: leaseFor(getConfig().IMPORT_LEASE_SECONDS), leaseOwner: WORKER_ID, attempts: sql`${d.attempts} + 1` })
    .where(and(eq(d.id, docId), inArray(d.status, ['PENDING', 'PROCESSING']), leaseTakeable(d.leaseUntil, d.leaseOwner)))
    .returning();
  if (row) {
    await db
      .update(schema.importBatches)
      .set({ status: 'PROCESSING', updatedAt: new Date() })
      .where(and(eq(schema.importBatches.id, row.batchId), eq(schema.importBatches.status, 'RECEIVED')));
  }
  return row;
}

interface Outcome {
  status: 'DONE' | 'REJECTED' | 'FAILED';
  rejection?: Rejection;
  ocr?: OcrResult;
  pages?: number;
}

const rejected = (rejectCode: string, docRejectPhase: Rejection['docRejectPhase'], reason: string, ocr?: OcrResult, pages?: number): Outcome => ({
  status: 'REJECTED',
  rejection: { rejectCode, docRejectPhase, reason },
  ocr,
  pages,
});

async function analyse(doc: DocRow): Promise<Outcome> {
  const bytes = doc.objectKey ? await getOpened(doc.objectKey) : undefined;
  if (!bytes) return rejected('FILE_MISSING', 1, 'The stored file is gone (erased or purged).');
  let media;
  try {
    media = await intakeFile(checkFileBytes(bytes, `docs[${doc.position}]`));
  } catch (err) {
    if (isAppError(err) && err.status < 500) return rejected('UNREADABLE_FILE', 1, err.message);
    throw err;
  }
  const pages = media.images.length;
  // A reading inside a process: a busy machine must not make the document "not recognised" (docs/documents.md).
  const { result } = await readDocument(media, { budgetMs: getConfig().DOCUMENT_PROCESS_TIME_BUDGET_MS });
  if (!result.typeRecognized) return rejected('DOCUMENT_NOT_RECOGNIZED', 2, 'The file is not a supported Brazilian identity document.', result, pages);
  const expected = (doc.attributes as { typeAlias?: string }).typeAlias?.trim().toUpperCase();
  if (expected && !matchesType(expected, result)) {
    return rejected('TYPE_MISMATCH', 2, `typeAlias ${expected} was sent; the document is ${result.typeRecognized}.`, result, pages);
  }
  const batch = await batchOf(doc.batchId);
  const workflow = await findWorkflowRow(await getDb(), batch.integratorId, batch.workflowAlias);
  const allowed = (workflow?.expectedTypes as string[] | undefined) ?? [];
  if (allowed.length && !allowed.some((t) => matchesType(t, result))) {
    return rejected('TYPE_NOT_EXPECTED', 2, `Workflow ${batch.workflowAlias} takes ${allowed.join(', ')}; the document is ${result.typeRecognized}.`, result, pages);
  }
  if (result.fields.length === 0) return rejected('FIELDS_NOT_READ', 3, 'No field could be read from the document.', result, pages);
  return { status: 'DONE', ocr: result, pages };
}

/** A typeAlias names the type (CNH) or the model (CNH_FRENTE). */
function matchesType(alias: string, result: OcrResult): boolean {
  return alias === result.typeRecognized || alias === result.typeParentAlias || alias === PARENT_OF[result.typeRecognized as RecognizedType];
}

async function batchOf(batchId: string) {
  const db = await getDb();
  const [b] = await db.select().from(schema.importBatches).where(eq(schema.importBatches.id, batchId));
  return b!;
}

async function settle(doc: DocRow, outcome: Outcome): Promise<void> {
  const db = await getDb();
  const eventIds = await db.transaction(async (tx) => {
    const settled = await tx
      .update(schema.importDocs)
      .set({
        status: outcome.status,
        rejectCode: outcome.rejection?.rejectCode ?? null,
        docRejectPhase: outcome.rejection?.docRejectPhase ?? null,
        rejectReason: outcome.rejection?.reason ?? null,
        typeRecognized: outcome.ocr?.typeRecognized || null,
        ocr: outcome.ocr ?? null,
        qtdePages: outcome.pages ?? null,
        leaseUntil: null,
        finishedAt: new Date(),
      })
      .where(ownRun(doc))
      .returning({ id: schema.importDocs.id });
    // Another run took the document over (this one outlived its lease): its result stands, not ours.
    if (settled.length === 0) return [];
    return finishBatchIfCompleteTx(tx, doc.batchId);
  });
  if (eventIds.length) await kickDelivery(eventIds).catch(() => undefined);
}

/** Documents a crashed or lost run left behind (lease free or expired), queued again by the sweep. */
export async function strandedDocs(limit = 500): Promise<string[]> {
  const db = await getDb();
  const d = schema.importDocs;
  const rows = await db
    .select({ id: d.id })
    .from(d)
    .where(and(inArray(d.status, ['PENDING', 'PROCESSING']), leaseTakeable(d.leaseUntil, d.leaseOwner)))
    .limit(limit);
  return rows.map((r) => r.id);
}
