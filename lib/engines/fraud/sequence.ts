import { sql } from 'drizzle-orm';
import { getDb, isUniqueViolation, schema } from '../../platform/db';
import type { Penalty } from './types';

export interface AnalysisRecord {
  integratorId: string;
  methodName: string;
  cpf: string;
  customerId?: string;
  rulesGroup?: string;
  score: number;
  hardStop: boolean;
  penalties: Penalty[];
  totalTimeMs: number;
}

const t = schema.fraudAnalyses;

/**
 * Stores an analysis's outcome (no images) under the integrator's next
 * sequence number, which the ScoreResult reports as `statistics.batchId`.
 * Two analyses finishing together may pick the same number; the unique index
 * refuses the second, which takes the next one.
 */
export async function recordAnalysis(r: AnalysisRecord): Promise<number> {
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(t)
        .values({
          integratorId: r.integratorId,
          sequence: sql`(select coalesce(max(${t.sequence}), 0) + 1 from ${t} where ${t.integratorId} = ${r.integratorId})`,
          methodName: r.methodName,
          cpf: r.cpf,
          customerId: r.customerId ?? null,
          rulesGroup: r.rulesGroup ?? null,
          score: r.score,
          hardStop: r.hardStop,
          penalties: r.penalties,
          totalTimeMs: r.totalTimeMs,
        })
        .returning({ sequence: t.sequence });
      return row!.sequence;
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}
