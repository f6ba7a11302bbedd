import { getDb } from '../../platform/db';
import { capturesOf } from './captures';
import { expireIfDue } from './lifecycle';
import { findProcess } from './records';
import { bearerResult, keyResult } from './results';

// The results read by id: 2.3 (Bearer, with the pictures) and 2.4 (API key, without).

/**
 * SPEC 4.14: the 2.3 object with its pictures (`documentImage`, `selfieImage`),
 * opened from the sealed captures. Webhooks carry the same object without them.
 */
export async function bearerResultWithImages(integratorId: string, requestId: string): Promise<Record<string, unknown>> {
  const db = await getDb();
  const p = await expireIfDue(await findProcess(db, integratorId, requestId));
  const out = bearerResult(p);
  if (p.kind !== 'fraud' && p.kind !== 'liveness') return out;
  const captures = await capturesOf(db, p.id);
  const fraud = out.fraudResponse as Record<string, unknown> | undefined;
  if (fraud && captures.front) out.fraudResponse = { ...fraud, documentImage: asDataUrl(captures.front.image) };
  const liveness = out.livenessResponse as Record<string, unknown> | undefined;
  if (liveness && captures.selfie) out.livenessResponse = { ...liveness, selfieImage: asDataUrl(captures.selfie.image) };
  return out;
}

/** A picture as SPEC's "base64 image data URL" (bare base64 was accepted on the way in). */
function asDataUrl(value: string): string {
  if (value.startsWith('data:')) return value;
  const head = Buffer.from(value.slice(0, 16), 'base64');
  const mime = head[0] === 0x89 ? 'image/png' : head[0] === 0x25 ? 'application/pdf' : 'image/jpeg';
  return `data:${mime};base64,${value}`;
}

/** SPEC 2.4: the result an API key reads, without pictures. */
export async function keyResultFor(integratorId: string, requestId: string): Promise<ReturnType<typeof keyResult>> {
  return keyResult(await expireIfDue(await findProcess(await getDb(), integratorId, requestId)));
}
