import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getConfig } from '../config';
import { sha256Hex } from '../crypto';
import { getDb, schema } from '../db';
import { conflict, unprocessable } from '../errors';
import { getLogger } from '../log';
import { deleteObject, putSealed } from '../storage';
import { docFile } from './files';
import { finishBatchIfComplete } from './finish';
import { enqueueDocs } from './queue';
import { workflowRow } from './workflows';

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

export interface CreateBatchInput {
  workflowAlias: string;
  batchExternalId: string;
  batchOrigin?: string;
  siteAlias?: string;
  activityGroup?: string;
  workflowPresetAlias?: string;
  keys?: unknown[];
  docs: ImportDocInput[];
  externalKeys?: Record<string, unknown>;
  batchActivitys?: unknown[];
}

const MAX_ATTRIBUTES_JSON = 64 * 1024;

/**
 * SPEC 4.19. Idempotent on (integrator, batchExternalId): the same body again
 * answers the same batch; another body under that id is 409 with the
 * existing batchId. Each document's file is checked and sealed on its own; a
 * bad one is REJECTED (phase 1) without sinking the others.
 */
export async function createBatch(integratorId: string, input: CreateBatchInput): Promise<{ batchId: string; created: boolean }> {
  const c = getConfig();
  if (input.docs.length > c.IMPORT_MAX_DOCS) {
    throw unprocessable('too_many_documents', `A batch carries at most ${c.IMPORT_MAX_DOCS} documents; this one has ${input.docs.length}.`, { errors: [{ pointer: '/docs', message: 'too many documents' }] });
  }
  const requestHash = sha256Hex(JSON.stringify(input));
  const existing = await batchByExternalId(integratorId, input.batchExternalId);
  if (existing) return answerRepeat(existing, requestHash);
  await workflowRow(integratorId, input.workflowAlias);
  const { docs, ...rest } = input;
  const attributes = { batchOrigin: rest.batchOrigin, siteAlias: rest.siteAlias, activityGroup: rest.activityGroup, workflowPresetAlias: rest.workflowPresetAlias, keys: rest.keys ?? [], externalKeys: rest.externalKeys ?? null, batchActivitys: rest.batchActivitys ?? [] };
  if (JSON.stringify(attributes).length > MAX_ATTRIBUTES_JSON) throw unprocessable('attributes_too_large', 'keys, externalKeys and batchActivitys together exceed 64 kB.');

  const batchId = crypto.randomUUID();
  const rows: (typeof schema.importDocs.$inferInsert)[] = [];
  // One file at a time: the decoded bytes of one document are held, not the whole batch twice.
  for (const [position, doc] of docs.entries()) {
    const { fileResource: _file, filePath, rejectCode: _r, docRejectPhase: _p, ...docAttributes } = doc;
    const base = { id: crypto.randomUUID(), batchId, position, fileName: doc.fileName, attributes: { ...docAttributes, filePath: filePath ?? null } };
    const file = await docFile(doc, position);
    if (!file.ok) {
      rows.push({ ...base, status: 'REJECTED', ...file.rejection, rejectReason: file.rejection.reason, finishedAt: new Date() });
      continue;
    }
    const objectKey = `import/${batchId}/${position}`;
    await putSealed(objectKey, file.bytes);
    rows.push({ ...base, objectKey, contentType: file.mime, fileSize: file.bytes.length });
  }
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(schema.importBatches).values({ id: batchId, integratorId, batchExternalId: input.batchExternalId, workflowAlias: input.workflowAlias, requestHash, attributes, docCount: docs.length });
      await tx.insert(schema.importDocs).values(rows);
    });
  } catch (err) {
    await Promise.all(rows.filter((r) => r.objectKey).map((r) => deleteObject(r.objectKey!).catch(() => undefined)));
    const raced = await batchByExternalId(integratorId, input.batchExternalId);
    if (raced) return answerRepeat(raced, requestHash);
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
