import { and, asc, eq, gt } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';

export interface DenyListEntry {
  cpf: string;
  reason: string | null;
  createdAt: Date;
}

const t = schema.denyList;

/** Adds a CPF (or updates its reason); idempotent. */
export async function denyCpf(integratorId: string, cpf: string, reason: string | null): Promise<DenyListEntry> {
  const db = await getDb();
  const [row] = await db
    .insert(t)
    .values({ integratorId, cpf, reason })
    .onConflictDoUpdate({ target: [t.integratorId, t.cpf], set: { reason } })
    .returning({ cpf: t.cpf, reason: t.reason, createdAt: t.createdAt });
  return row!;
}

/** Removes a CPF; false when it was not listed. */
export async function allowCpf(integratorId: string, cpf: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(t).where(and(eq(t.integratorId, integratorId), eq(t.cpf, cpf))).returning({ cpf: t.cpf });
  return rows.length > 0;
}

export async function denyListEntry(integratorId: string, cpf: string): Promise<DenyListEntry | undefined> {
  const db = await getDb();
  const [row] = await db.select({ cpf: t.cpf, reason: t.reason, createdAt: t.createdAt }).from(t).where(and(eq(t.integratorId, integratorId), eq(t.cpf, cpf)));
  return row;
}

/** A page of the list in CPF order; `after` is the last CPF of the previous page. */
export async function listDenied(integratorId: string, limit: number, after?: string): Promise<DenyListEntry[]> {
  const db = await getDb();
  return db
    .select({ cpf: t.cpf, reason: t.reason, createdAt: t.createdAt })
    .from(t)
    .where(after ? and(eq(t.integratorId, integratorId), gt(t.cpf, after)) : eq(t.integratorId, integratorId))
    .orderBy(asc(t.cpf))
    .limit(limit);
}
