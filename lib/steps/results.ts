import { specScoreResult, type ScoreResult } from '../fraud';
import { maskEmail, maskPhone } from '../notify';
import { capturesOf } from './captures';
import { expireIfDue } from './lifecycle';
import { findProcess, type StepProcess } from './records';

/** What validation and MFA processes keep in `result`. */
export interface CodeResult {
  channel?: 'sms' | 'email';
  isCodeValid?: boolean;
  failedAttempts?: number;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/**
 * SPEC 2.3 (Bearer variant): only the part of the process type. Atesta adds
 * `requestId`, `status` and `finishedAt` at the top level (documented).
 */
export function bearerResult(p: StepProcess): Record<string, unknown> {
  const r = p.result as CodeResult & Record<string, unknown>;
  const base = { requestId: p.id, status: p.status, finishedAt: iso(p.finishedAt) ?? null };
  switch (p.kind) {
    case 'validation':
    case 'mfa':
      return {
        ...base,
        validationResponse: {
          createdAt: p.createdAt.toISOString(),
          requestId: p.id,
          phoneNumber: p.cellphone ? Number(p.cellphone) : null,
          isCodeValid: r.isCodeValid === true,
        },
      };
    case 'liveness':
      return { ...base, ...(r.livenessResponse ? { livenessResponse: r.livenessResponse } : {}) };
    case 'fraud':
      return { ...base, ...(r.fraudResponse ? { fraudResponse: specFraudResponse(r.fraudResponse) } : {}) };
  }
}

/** SPEC 2.4 (key-authenticated variant): status and flat per-step members in `details`. */
export function keyResult(p: StepProcess): Record<string, unknown> {
  const r = p.result as CodeResult & Record<string, unknown>;
  const details: Record<string, unknown> = {};
  if (p.kind === 'validation' || p.kind === 'mfa') {
    details.isCodeValid = r.isCodeValid === true;
    if (r.channel) {
      details.channel = r.channel;
      const destination = r.channel === 'sms' ? p.cellphone : p.email;
      if (destination) details.destination = r.channel === 'sms' ? maskPhone(destination) : maskEmail(destination);
    }
    if (r.failedAttempts !== undefined) details.failedAttempts = r.failedAttempts;
  }
  if (typeof r.livenessResult === 'string') details.livenessResult = r.livenessResult;
  if (typeof r.fraudScore === 'number') details.fraudScore = r.fraudScore;
  if (p.statusReason) details.statusReason = p.statusReason;
  return { requestId: p.id, status: p.status, details, ...(p.finishedAt ? { finishedAt: p.finishedAt.toISOString() } : {}) };
}

/** The object the matching GET returns, which is also the webhook's `data`. */
export const resultFor = (p: StepProcess) => (p.api === 'bearer' ? bearerResult(p) : keyResult(p));

/**
 * SPEC 4.14: the 2.3 object with its pictures (`documentImage`, `selfieImage`),
 * opened from the sealed captures. Webhooks carry the same object without them.
 */
export async function bearerResultWithImages(integratorId: string, requestId: string): Promise<Record<string, unknown>> {
  const p = await expireIfDue(await findProcess(integratorId, requestId));
  const out = bearerResult(p);
  if (p.kind !== 'fraud' && p.kind !== 'liveness') return out;
  const captures = await capturesOf(p.id);
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

/** A stored fraudResponse with its ScoreResult in SPEC's form (older rows kept the CPF as a string). */
function specFraudResponse(f: unknown): unknown {
  const r = f as { scoreResult?: ScoreResult };
  return r.scoreResult ? { ...r, scoreResult: specScoreResult(r.scoreResult) } : f;
}
