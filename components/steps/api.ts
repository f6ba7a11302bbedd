'use client';

import {
  captureResponseSchema,
  challengeResponseSchema,
  handoffResponseSchema,
  stateResponseSchema,
  type CaptureResponse,
  type ChallengeResponse,
  type DocumentBody,
  type HandoffResponse,
  type SelfieBody,
  type StateResponse,
  resendResponseSchema,
  verifyResponseSchema,
  type BeginBody,
  type ResendResponse,
  type VerifyResponse,
} from '@/lib/contracts/flow';

/** A failed call, with the server's problem code (e.g. rate_limited) when there is one. */
export class FlowError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

async function post(requestId: string, action: string, body: unknown): Promise<unknown> {
  const res = await fetch(`/p/${encodeURIComponent(requestId)}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (res.status === 204) return undefined;
  const data = (await res.json().catch(() => ({}))) as { code?: string; detail?: string; retryAfter?: number };
  if (!res.ok) throw new FlowError(res.status, data.code ?? 'error', data.detail ?? res.statusText, data.retryAfter);
  return data;
}

export const beginFlow = (requestId: string, body: BeginBody) => post(requestId, 'begin', body).then(() => undefined);
export const verifyFlow = async (requestId: string, code: string): Promise<VerifyResponse> => verifyResponseSchema.parse(await post(requestId, 'verify', { code }));
export const resendFlow = async (requestId: string, lang: string): Promise<ResendResponse> => resendResponseSchema.parse(await post(requestId, 'resend', { lang }));
export const submitDocumentFlow = async (requestId: string, body: DocumentBody): Promise<CaptureResponse> => captureResponseSchema.parse(await post(requestId, 'document', body));
export const challengeFlow = async (requestId: string): Promise<ChallengeResponse> => challengeResponseSchema.parse(await post(requestId, 'challenge', {}));
export const submitSelfieFlow = async (requestId: string, body: SelfieBody): Promise<CaptureResponse> => captureResponseSchema.parse(await post(requestId, 'selfie', body));
export const handoffFlow = async (requestId: string): Promise<HandoffResponse> => handoffResponseSchema.parse(await post(requestId, 'handoff', {}));

export async function stateFlow(requestId: string): Promise<StateResponse> {
  const res = await fetch(`/p/${encodeURIComponent(requestId)}/api/state`, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new FlowError(res.status, 'error', res.statusText);
  return stateResponseSchema.parse(await res.json());
}
