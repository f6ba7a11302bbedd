import { and, eq, isNull } from 'drizzle-orm';
import { getDb, schema } from '../db';

/** Ends every open session of a user or an OAuth client. */
export async function revokeSessionsOf(who: { userId?: string; clientId?: string }, reason: string): Promise<void> {
  const db = await getDb();
  const column = who.userId ? schema.authSessions.userId : schema.authSessions.clientId;
  await db
    .update(schema.authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(column, (who.userId ?? who.clientId)!), isNull(schema.authSessions.revokedAt)));
}
