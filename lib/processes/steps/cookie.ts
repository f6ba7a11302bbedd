import { getConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { sessionOf, type StepSession } from './flow';
import type { StepProcess } from './records';

export const STEP_COOKIE = 'atesta_step';

/**
 * The session cookie of one process: HttpOnly, SameSite=Lax, Secure when the
 * service is served over https (always in production), and scoped to the
 * process's own path so several processes in one browser do not collide.
 */
export function stepCookieHeader(requestId: string, token: string, expiresAt: Date): string {
  const c = getConfig();
  const secure = c.publicUrl.startsWith('https:') || c.NODE_ENV === 'production';
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [`${STEP_COOKIE}=${token}`, `Path=/p/${requestId}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

export function tokenFromCookies(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STEP_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** The session of a page call, or 401 when the browser holds none for the process. */
export async function requireSessionOf(req: Request, requestId: string): Promise<StepSession> {
  const s = await sessionOf(requestId, tokenFromCookies(req.headers.get('cookie')));
  if (!s) throw new AppError(401, 'step_session_required', 'Open the verification link again to continue.');
  return s;
}

/** The process of a page call, or 401 when the browser holds no session for it. */
export async function requireStepSession(req: Request, requestId: string): Promise<StepProcess> {
  return (await requireSessionOf(req, requestId)).process;
}
