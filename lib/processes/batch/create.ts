import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { getDb, isUniqueViolation, schema } from '../../platform/db';
import type { z } from 'zod';
import { createBatchSchema, importDocSchema } from '../../api/contracts/batch';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { parseWith, textProblem } from '@/lib/platform/http';
import { getLogger } from '../../platform/log';
import { deleteObjectsQuietly, putSealed } from '../../platform/storage';
import { docFile } from './files';
import { finishBatchIfComplete } from './finish';
import { enqueueDocs } from './queue';
import { streamBatchBody } from './stream';
import { checkWorkflow } from './workflows';

export interface ImportDocInput {
  fileName: string;
  fileResource?: string;
  filePath?: string;
  typeAlias?: string;
  contentType?: string;
  qtdePages?: number;
  fileSize?: number;
  externalId?: string;
  keys?: unknown[];
  docActivitys?: unknown[];
  externalKeys?: Record<string, unknown>;
  rejectCode?: string;
  docRejectPhase?: number;
}

const MAX_ATTRIBUTES_JSON = 64 * 1024;

const TOP_KEYS = ['workflowAlias', 'batchExternalId', 'batchOrigin', 'siteAlias', 'activityGroup', 'workflowPresetAlias', 'keys', 'externalKeys', 'batchActivitys'] as const;
const topSchema = createBatchSchema.omit({ docs: true });
type Row = typeof schema.importDocs.$inferInsert;

/** docs[i] validated on its own; problems point at /docs/i/... */
const parseDoc = (raw: unknown, position: number): ImportDocInput => parseWith(importDocSchema, raw, 'body', ['docs', position]);

/** One document's file checked and sealed (or its rejection, phase 1): the row to insert. */
async function storeDoc(batchId: string, doc: ImportDocInput, position: number): Promise<Row> {
  const { fileResource: _file, filePath, rejectCode: _r, docRejectPhase: _p, ...docAttributes } = doc;
  const base = { id: crypto.randomUUID(), batchId, position, fileName: doc.fileName, attributes: { ...docAttributes, filePath: filePath ?? null } };
  const file = await docFile(doc, position);
  if (!file.ok) return { ...base, status: 'REJECTED', ...file.rejection, rejectReason: file.rejection.reason, finishedAt: new Date() };
  const objectKey = `import/${batchId}/${position}`;
  await putSealed(objectKey, file.bytes);
  return { ...base, objectKey, contentType: file.mime, fileSize: file.bytes.length };
}

/**
 * SPEC 4.19, read as the body streams in: each document is validated, its
 * file decoded, checked and sealed as soon as it has arrived, then dropped
 * (a 50 MB batch is never held whole). Idempotent on (integrator,
 * batchExternalId): the same bytes again answer the same batch; another body
 * under that id is 409 with the existing batchId. A bad file is REJECTED
 * (phase 1) without sinking the others.
 */
export async function createBatch(integratorId: string, body: ReadableStream<Uint8Array> | null): Promise<{ batchId: string; created: boolean }> {
  const c = getConfig();
  const batchId = crypto.randomUUID();
  const rows: Row[] = [];
  let workflowChecked = false;
  const discard = () => deleteObjectsQuietly(rows.flatMap((r) => (r.objectKey ? [r.objectKey] : [])));
  let input: z.output<typeof topSchema> | undefined;
  let hash = '';
  try {
    const streamed = await streamBatchBody(body, c.IMPORT_MAX_BODY_BYTES, TOP_KEYS, async (raw, position, topSoFar) => {
      if (position >= c.IMPORT_MAX_DOCS) {
        throw unprocessable('too_many_documents', `A batch carries at most ${c.IMPORT_MAX_DOCS} documents.`, { errors: [{ pointer: '/docs', message: 'too many documents' }] });
      }
      // When the workflow is named before the documents, an unknown one stops the request before any file is read.
      if (!workflowChecked && typeof topSoFar.workflowAlias === 'string' && !textProblem(topSoFar.workflowAlias)) {
        workflowChecked = true;
        await checkWorkflow(integratorId, topSoFar.workflowAlias);
      }
      rows.push(await storeDoc(batchId, parseDoc(raw, position), position));
    });
    hash = streamed.hash;
    input = parseWith(topSchema, streamed.top, 'body');
    if (streamed.docCount === 0) {
      throw new AppError(400, 'validation_failed', 'The request body is invalid (/docs: a batch carries at least one document).', { errors: [{ pointer: '/docs', message: 'a batch carries at least one document' }] });
    }
    const existing = await batchByExternalId(integratorId, input.batchExternalId);
    if (existing) {
      await discard();
      return answerRepeat(existing, streamed.hash);
    }
    await checkWorkflow(integratorId, input.workflowAlias);
    const attributes = {
      batchOrigin: input.batchOrigin,
      siteAlias: input.siteAlias,
      activityGroup: input.activityGroup,
      workflowPresetAlias: input.workflowPresetAlias,
      keys: input.keys ?? [],
      externalKeys: input.externalKeys ?? null,
      batchActivitys: input.batchActivitys ?? [],
    };
    if (JSON.stringify(attributes).length > MAX_ATTRIBUTES_JSON) throw unprocessable('attributes_too_large', 'keys, externalKeys and batchActivitys together exceed 64 kB.');
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.insert(schema.importBatches).values({ id: batchId, integratorId, batchExternalId: input!.batchExternalId, workflowAlias: input!.workflowAlias, requestHash: streamed.hash, attributes, docCount: streamed.docCount });
      await tx.insert(schema.importDocs).values(rows);
    });
  } catch (err) {
    await discard();
    // Two requests with one batchExternalId at once: the loser answers like a repeat.
    const raced = input && isUniqueViolation(err) ? await batchByExternalId(integratorId, input.batchExternalId) : undefined;
    if (raced) return answerRepeat(raced, hash);
    throw err;
  }
  const pending = rows.filter((r) => r.status !== 'REJECTED').map((r) => r.id!);
  if (pending.length) await enqueueDocs(pending).catch((err) => getLogger().warn({ err, batchId }, 'documents not queued; the sweep will'));
  else await finishBatchIfComplete(batchId);
  return { batchId, created: true };
}

async function batchByExternalId(integratorId: string, batchExternalId: string) {
  const db = await getDb();
  const t = schema.importBatches;
  const [row] = await db.select({ id: t.id, requestHash: t.requestHash }).from(t).where(and(eq(t.integratorId, integratorId), eq(t.batchExternalId, batchExternalId)));
  return row;
}

function answerRepeat(existing: { id: string; requestHash: string }, requestHash: string): { batchId: string; created: boolean } {
  if (existing.requestHash === requestHash) return { batchId: existing.id, created: false };
  throw conflict('batch_exists', `A different batch with this batchExternalId exists (${existing.id}).`, { extensions: { batchId: existing.id } });
}
