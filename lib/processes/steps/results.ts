import { specScoreResult, type ScoreResult } from '../../engines/fraud';
import { maskEmail, maskPhone } from '../../delivery/notify';
import type { StepProcess } from './records';

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

/** A stored fraudResponse with its ScoreResult in SPEC's form (older rows kept the CPF as a string). */
function specFraudResponse(f: unknown): unknown {
  const r = f as { scoreResult?: ScoreResult };
  return r.scoreResult ? { ...r, scoreResult: specScoreResult(r.scoreResult) } : f;
}
