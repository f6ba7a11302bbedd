import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { maskCpf } from '../../platform/log';

export interface OnboardingHit {
  onboardingId: string;
  customerId: string;
  cpf: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface StepHit {
  requestId: string;
  kind: string;
  cpf: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface BatchHit {
  batchId: string;
  batchExternalId: string;
  workflowAlias: string;
  status: string;
  docCount: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface SearchResults {
  onboardings: OnboardingHit[];
  steps: StepHit[];
  batches: BatchHit[];
}

/** A step process as the console lists it (CPF masked). */
export const stepHit = (r: typeof schema.stepProcesses.$inferSelect): StepHit => ({
  requestId: r.id,
  kind: r.kind,
  cpf: r.cpf ? maskCpf(r.cpf) : '',
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Per kind: a search names one thing; more than this many is a query too broad to read. */
export const SEARCH_LIMIT = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a search box text can be: an id, a CPF (digits or formatted), or an integrator's own key (customerId, batchExternalId). */
export function parseQuery(q: string): { text: string; id?: string; cpf?: string } {
  const text = q.trim();
  const id = UUID.test(text) ? text.toLowerCase() : undefined;
  const digits = text.replace(/[.\-\s]/g, '');
  const cpf = /^\d{11}$/.test(digits) ? digits : undefined;
  return { text, id, cpf };
}

const anyOf = (conds: (SQL | undefined)[]) => or(...conds.filter((c): c is SQL => Boolean(c)));

/**
 * The console's one search box, within one integrator: onboardings by id, CPF
 * or customerId; step processes by id or CPF; batches by id or
 * batchExternalId. Exact matches, newest first; CPFs masked.
 */
export async function search(integratorId: string, q: string): Promise<SearchResults> {
  const { text, id, cpf } = parseQuery(q);
  if (!text) return { onboardings: [], steps: [], batches: [] };
  const db = await getDb();
  const o = schema.onboardings;
  const s = schema.stepProcesses;
  const b = schema.importBatches;
  const [onboardings, steps, batches] = await Promise.all([
    db
      .select()
      .from(o)
      .where(and(eq(o.integratorId, integratorId), anyOf([id ? eq(o.id, id) : undefined, cpf ? eq(o.cpf, cpf) : undefined, eq(o.customerId, text)])))
      .orderBy(desc(o.createdAt))
      .limit(SEARCH_LIMIT),
    id || cpf
      ? db
          .select()
          .from(s)
          .where(and(eq(s.integratorId, integratorId), anyOf([id ? eq(s.id, id) : undefined, cpf ? eq(s.cpf, cpf) : undefined])))
          .orderBy(desc(s.createdAt))
          .limit(SEARCH_LIMIT)
      : [],
    db
      .select()
      .from(b)
      .where(and(eq(b.integratorId, integratorId), anyOf([id ? eq(b.id, id) : undefined, eq(b.batchExternalId, text)])))
      .orderBy(desc(b.createdAt))
      .limit(SEARCH_LIMIT),
  ]);
  return {
    onboardings: onboardings.map((r) => ({
      onboardingId: r.id,
      customerId: r.customerId ?? '',
      cpf: r.cpf ? maskCpf(r.cpf) : '',
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    steps: steps.map(stepHit),
    batches: batches.map((r) => ({
      batchId: r.id,
      batchExternalId: r.batchExternalId,
      workflowAlias: r.workflowAlias,
      status: r.status,
      docCount: r.docCount,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
  };
}
