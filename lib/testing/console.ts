import { consoleCookieHeader, consoleLogin } from '../auth';

/** Headers of a signed-in console browser on this site: the session cookie and the Origin a browser's fetch sends. */
export async function consoleHeaders(who: { username: string; password: string }): Promise<Record<string, string>> {
  const session = await consoleLogin(who.username, who.password);
  return { cookie: consoleCookieHeader(session.sessionId, session.maxAgeSeconds).split(';')[0]!, origin: 'http://atesta.test' };
}
