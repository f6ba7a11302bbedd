import { getConfig } from '../config';
import { isAppError } from '../errors';
import { enforce, hit, peek } from './rate-limit';

const FAILED_LOGIN = new Set(['invalid_credentials', 'invalid_grant', 'invalid_client']);

/**
 * Login throttling, shared across processes through the database: every
 * attempt counts against the client address; failures count against the
 * username (or OAuth client), which is locked for the rest of the window once
 * it has too many.
 */
export async function throttledLogin<T>(username: string, clientIp: string, attempt: () => Promise<T>): Promise<T> {
  const config = getConfig();
  await enforce(`login:ip:${clientIp}`, { limit: config.LOGIN_MAX_ATTEMPTS_PER_IP, seconds: config.LOGIN_IP_WINDOW_SECONDS }, 'login attempts from this address');
  const userKey = `login:user:${username.toLowerCase()}`;
  const failures = { limit: config.LOGIN_MAX_FAILURES_PER_USERNAME, seconds: config.LOGIN_FAILURE_WINDOW_SECONDS };
  if ((await peek(userKey, failures)).count >= failures.limit) await enforce(userKey, failures, 'failed logins for this username');
  try {
    return await attempt();
  } catch (err) {
    if (isAppError(err) && FAILED_LOGIN.has(err.code)) await hit(userKey, failures);
    throw err;
  }
}
