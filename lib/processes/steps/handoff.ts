import { and, eq, gt, isNull } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { qrSvg } from '../../engines/qr';
import type { StepProcess } from './records';
import { isFinal } from './state';

export interface Handoff {
  /** Opens the same process on another device (once, until `expiresAt`). */
  url: string;
  /** The same address as a QR code (SVG) to scan with the phone. */
  qrSvg: string;
  expiresAt: string;
}

/**
 * Desktop to phone: a fresh one-time link for the same process, shaped like
 * the requestProcessUrl (`/p/{requestId}/{token}`), so the phone redeems it
 * for its own session. Only the token's hash is kept.
 */
export async function createHandoff(p: StepProcess): Promise<Handoff> {
  if (isFinal(p.status)) throw conflict('process_finished', `This process is already ${p.status}.`);
  const token = randomToken(32);
  const ttl = getConfig().STEP_HANDOFF_TTL_SECONDS * 1000;
  const expiresAt = new Date(Math.min(Date.now() + ttl, p.expiresAt.getTime()));
  const db = await getDb();
  await db.insert(schema.stepHandoffs).values({ tokenHash: sha256Hex(token), processId: p.id, expiresAt });
  const url = `${getConfig().publicUrl}/p/${p.id}/${token}`;
  return { url, qrSvg: await qrSvg(url), expiresAt: expiresAt.toISOString() };
}

/** Spends a handoff token of this process: true once, while it is valid. */
export async function redeemHandoff(exec: Executor, processId: string, token: string): Promise<boolean> {
  const used = await exec
    .update(schema.stepHandoffs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(schema.stepHandoffs.tokenHash, sha256Hex(token)),
        eq(schema.stepHandoffs.processId, processId),
        isNull(schema.stepHandoffs.usedAt),
        gt(schema.stepHandoffs.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: schema.stepHandoffs.tokenHash });
  return used.length === 1;
}
