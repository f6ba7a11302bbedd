'use client';

// Types only: the schemas (zod) stay on the server, so the page's first load carries no validator
// (the server validates every call; these shapes are its contract, lib/api/contracts/flow.ts).
import type {
  BeginBody,
  CaptureResponse,
  ChallengeResponse,
  DeviceActivity,
  DocumentBody,
  HandoffResponse,
  ResendResponse,
  SelfieBody,
  StateResponse,
  VerifyResponse,
} from '@/lib/api/contracts/flow';

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

/** A fetch that says why it failed: `offline` (the device has no network) or `network` (the server was not reached). */
async function reach(url: string, init: RequestInit): Promise<Response> {
  const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offlineNow()) throw new FlowError(0, 'offline', 'offline');
  // A request under way when the device loses its network may hang rather than fail: stop it then.
  const controller = new AbortController();
  const drop = () => controller.abort();
  window.addEventListener('offline', drop);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    const offline = offlineNow() || controller.signal.aborted;
    throw new FlowError(0, offline ? 'offline' : 'network', offline ? 'offline' : 'network');
  } finally {
    window.removeEventListener('offline', drop);
  }
}

async function post(requestId: string, action: string, body: unknown): Promise<unknown> {
  const res = await reach(`/p/${encodeURIComponent(requestId)}/api/${action}`, {
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
export const verifyFlow = async (requestId: string, code: string) => (await post(requestId, 'verify', { code })) as VerifyResponse;
export const resendFlow = async (requestId: string, lang: string, channel?: 'sms' | 'email') => (await post(requestId, 'resend', { lang, ...(channel ? { channel } : {}) })) as ResendResponse;
export const submitDocumentFlow = async (requestId: string, body: DocumentBody) => (await post(requestId, 'document', body)) as CaptureResponse;
export const challengeFlow = async (requestId: string) => (await post(requestId, 'challenge', {})) as ChallengeResponse;
export const submitSelfieFlow = async (requestId: string, body: SelfieBody) => (await post(requestId, 'selfie', body)) as CaptureResponse;
export const handoffFlow = async (requestId: string) => (await post(requestId, 'handoff', {})) as HandoffResponse;
/** Best effort: the desktop's live status is a courtesy, never a reason to stop the person. */
export const activityFlow = (requestId: string, activity: DeviceActivity) => post(requestId, 'activity', { activity }).catch(() => undefined);

export async function stateFlow(requestId: string): Promise<StateResponse> {
  const res = await fetch(`/p/${encodeURIComponent(requestId)}/api/state`, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new FlowError(res.status, 'error', res.statusText);
  return (await res.json()) as StateResponse;
}
