import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { badRequest, conflict } from '../../platform/errors';
import { enrolFace } from '../../engines/face';
import { maskCpf } from '../../platform/log';
import type { ScoreResult } from '../../engines/fraud';
import { loadPictures, loadTemplate } from './media';
import type { Checkpoints } from './pipeline';
import { findOnboarding, transition, withTransition, type Actor } from './records';
import { onboardingView, type OnboardingRecord, type Resolution } from './view';

export interface ReviewItem {
  onboardingId: string;
  customerId: string;
  cpf: string;
  score: number | null;
  penalties: string[];
  statusReason: string | null;
  waitingSince: string;
}

const cursorOf = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime())) throw badRequest('invalid_cursor', 'The cursor is not one this API returned.');
  return { at: date, id };
}

/** The review queue: onboardings in ANALYSIS, oldest first (by when they entered it). */
export async function listReviews(integratorId: string, limit: number, after?: string): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const db = await getDb();
  const t = schema.onboardings;
  const c = after ? parseCursor(after) : undefined;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.integratorId, integratorId), eq(t.status, 'ANALYSIS'), c ? or(gt(t.updatedAt, c.at), and(eq(t.updatedAt, c.at), gt(t.id, c.id))) : undefined))
    .orderBy(asc(t.updatedAt), asc(t.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = page.map((r) => {
    const score = r.scoreData as ScoreResult | null;
    return {
      onboardingId: r.id,
      customerId: r.customerId ?? '',
      cpf: maskCpf(r.cpf ?? ''),
      score: score?.score ?? null,
      penalties: score?.penalties.map((p) => p.rulesName) ?? [],
      statusReason: r.statusReason,
      waitingSince: r.updatedAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last.updatedAt, last.id) : null };
}

export async function onboardingHistory(integratorId: string, onboardingId: string) {
  const db = await getDb();
  await findOnboarding(db, integratorId, onboardingId);
  const h = schema.onboardingHistory;
  const rows = await db.select().from(h).where(eq(h.onboardingId, onboardingId)).orderBy(asc(h.id));
  return rows.map((r) => ({ action: r.action, fromStatus: r.fromStatus, toStatus: r.toStatus, reason: r.reason, actor: r.actor, at: r.at.toISOString() }));
}

/** Usernames of the `user:<id>` actors, so a reviewer sees who decided (users of this integrator only). */
export async function actorNames(integratorId: string, actors: string[]): Promise<Record<string, string>> {
  const ids = [...new Set(actors.filter((a) => a.startsWith('user:')).map((a) => a.slice(5)))];
  if (!ids.length) return {};
  const db = await getDb();
  const u = schema.users;
  const rows = await db.select({ id: u.id, username: u.username }).from(u).where(and(eq(u.integratorId, integratorId), inArray(u.id, ids)));
  return Object.fromEntries(rows.map((r) => [`user:${r.id}`, r.username]));
}

/**
 * Everything a reviewer needs in one answer: the record, the pictures (with
 * the document portrait the analysis cropped), the liveness verdict, the side
 * each OCR field was read on, and the history with who acted.
 */
export async function reviewFile(integratorId: string, onboardingId: string) {
  const db = await getDb();
  const row = await findOnboarding(db, integratorId, onboardingId);
  const pictures = await loadPictures(onboardingId);
  const history = await onboardingHistory(integratorId, onboardingId);
  const resolution = row.resolution as Resolution | null;
  const names = await actorNames(integratorId, [...history.map((e) => e.actor), ...(resolution ? [resolution.by] : [])]);
  const analysis = (row.pipeline as Checkpoints).analysis;
  return {
    onboarding: await onboardingView(db, row),
    images: { front: pictures.front ?? null, back: pictures.back ?? null, selfie: pictures.selfie ?? null, portrait: pictures.portrait ?? null },
    liveness: analysis?.liveness ?? null,
    fieldSides: analysis?.fieldSides ?? {},
    mediaPurgedAt: row.mediaPurgedAt?.toISOString() ?? null,
    history: history.map((e) => ({ ...e, actorName: names[e.actor] ?? null })),
    resolvedBy: resolution ? (names[resolution.by] ?? null) : null,
  };
}

/** A reviewer's decision on an onboarding in ANALYSIS: RESOLVED, and an approved face joins the face index. */
export async function decideReview(integratorId: string, onboardingId: string, decision: 'approve' | 'reject', reason: string, actor: Actor): Promise<OnboardingRecord> {
  const db = await getDb();
  const row = await findOnboarding(db, integratorId, onboardingId);
  if (row.status !== 'ANALYSIS') throw conflict('not_in_review', `This onboarding is ${row.status}; only ANALYSIS waits for a decision.`);
  const template = decision === 'approve' ? await loadTemplate(onboardingId) : undefined;
  const resolution: Resolution = { decision, reason, by: actor, at: new Date().toISOString() };
  const { onboarding } = await withTransition(async (tx) => {
    const moved = await transition(tx, onboardingId, 'RESOLVED', {
      actor,
      reason: `${decision === 'approve' ? 'approved' : 'rejected'} by reviewer: ${reason}`,
      patch: { resolution },
    });
    if (template && row.cpf) await enrolFace(tx, integratorId, row.cpf, template, onboardingId);
    return moved;
  });
  return onboardingView(db, onboarding);
}
