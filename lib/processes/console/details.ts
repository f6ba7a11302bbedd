import { and, asc, eq } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { attemptLogOf, capturesOf, type CaptureSlot } from '../steps';

/** One moment of a record's life, as stored (steps and batches keep timestamps, not a history table). */
export interface TimelineEntry {
  at: string;
  /** In English; the console shows it in its language (`{n}` filled from vars). */
  event: string;
  status: string | null;
  vars?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const byTime = (entries: (TimelineEntry | undefined)[]) => entries.filter((e): e is TimelineEntry => Boolean(e)).sort((a, b) => a.at.localeCompare(b.at));
const at = (d: Date | null, event: string, status: string | null = null, vars?: Record<string, string>) => (d ? { at: d.toISOString(), event, status, ...(vars ? { vars } : {}) } : undefined);

/** A step process of this integrator for the console; any other id is the same 404. */
export async function stepDetail(integratorId: string, requestId: string) {
  const missing = notFound('not_found', `No step process ${requestId}.`);
  if (!UUID.test(requestId)) throw missing;
  const db = await getDb();
  const s = schema.stepProcesses;
  const [p] = await db.select().from(s).where(and(eq(s.integratorId, integratorId), eq(s.id, requestId)));
  if (!p) throw missing;
  const final = ['APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED'].includes(p.status);
  return {
    requestId: p.id,
    kind: p.kind,
    api: p.api,
    status: p.status,
    statusReason: p.statusReason,
    cpf: p.cpf ?? '',
    email: p.email,
    cellphone: p.cellphone,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    /** Failed capture attempts with why each slot was asked again; the last attempt's outcome is the status reason. */
    attempts: attemptLogOf(p),
    captureSlots: (await db.select({ slot: schema.stepCaptures.slot, source: schema.stepCaptures.source, at: schema.stepCaptures.createdAt }).from(schema.stepCaptures).where(eq(schema.stepCaptures.processId, p.id))).map((c) => ({ slot: c.slot as CaptureSlot, source: c.source, at: c.at.toISOString() })),
    timeline: byTime([
      at(p.createdAt, 'created', 'PENDING'),
      at(p.openedAt, 'opened by the person', 'IN_PROGRESS'),
      at(p.consentAt, 'consent given'),
      final ? at(p.finishedAt ?? (p.status === 'EXPIRED' ? p.expiresAt : null), 'finished', p.status) : undefined,
    ]),
  };
}

/** Roles that may see captured pictures (biometric data) in the console; viewers see that they exist, not what they show. */
export const CAPTURE_ROLES = ['admin', 'analyst'] as const;

/** The pictures of one of this integrator's step processes, opened (data URLs); another id is 404. */
export async function stepCaptureImages(integratorId: string, requestId: string): Promise<Partial<Record<CaptureSlot, string>>> {
  const missing = notFound('not_found', `No step process ${requestId}.`);
  if (!UUID.test(requestId)) throw missing;
  const db = await getDb();
  const s = schema.stepProcesses;
  const [p] = await db.select({ id: s.id }).from(s).where(and(eq(s.integratorId, integratorId), eq(s.id, requestId)));
  if (!p) throw missing;
  return Object.fromEntries(Object.entries(await capturesOf(await getDb(), p.id)).map(([slot, c]) => [slot, c!.image]));
}

/** A batch of this integrator with its documents' outcomes; any other id is the same 404. */
export async function batchDetail(integratorId: string, batchId: string) {
  const missing = notFound('not_found', `No batch ${batchId}.`);
  if (!UUID.test(batchId)) throw missing;
  const db = await getDb();
  const b = schema.importBatches;
  const [batch] = await db.select().from(b).where(and(eq(b.integratorId, integratorId), eq(b.id, batchId)));
  if (!batch) throw missing;
  const d = schema.importDocs;
  const docs = await db.select().from(d).where(eq(d.batchId, batchId)).orderBy(asc(d.position));
  return {
    batchId: batch.id,
    batchExternalId: batch.batchExternalId,
    workflowAlias: batch.workflowAlias,
    status: batch.status,
    docCount: batch.docCount,
    createdAt: batch.createdAt.toISOString(),
    docs: docs.map((doc) => ({
      position: doc.position,
      fileName: doc.fileName,
      status: doc.status,
      typeRecognized: doc.typeRecognized,
      rejectCode: doc.rejectCode,
      rejectReason: doc.rejectReason,
      finishedAt: doc.finishedAt?.toISOString() ?? null,
    })),
    timeline: byTime([
      at(batch.createdAt, 'received', 'RECEIVED'),
      ...docs.map((doc) => at(doc.finishedAt, 'document {n} finished', doc.status, { n: `${doc.position + 1}${doc.fileName ? ` (${doc.fileName})` : ''}` })),
      at(batch.finishedAt, 'finished', batch.status),
    ]),
  };
}

export type StepDetail = Awaited<ReturnType<typeof stepDetail>>;
export type BatchDetail = Awaited<ReturnType<typeof batchDetail>>;
