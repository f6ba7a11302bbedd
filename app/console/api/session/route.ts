import { assertSameOrigin, consoleCookieHeader, consoleLogin, consoleLogout, consoleUser, notSignedIn, sessionIdFromCookies } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/console';
import { handle, json, methods, throttledLogin } from '@/lib/platform/http';

const view = (u: { username: string; role: string; integratorName: string }) => ({ username: u.username, role: u.role, integratorName: u.integratorName });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.consoleSignIn, async ({ body, clientIp, req }) => {
    assertSameOrigin('POST', req.headers.get('origin'), req.headers.get('host'));
    const session = await throttledLogin(body.username, clientIp, () => consoleLogin(body.username, body.password));
    const user = await consoleUser(session.sessionId);
    if (!user) throw notSignedIn();
    return json(view(user), 200, { 'set-cookie': consoleCookieHeader(session.sessionId, session.maxAgeSeconds) });
  }),
  GET: handle(contract.consoleWhoAmI, async ({ req }) => {
    const user = await consoleUser(sessionIdFromCookies(req.headers.get('cookie')));
    if (!user) throw notSignedIn();
    return json(view(user));
  }),
  DELETE: handle(contract.consoleSignOut, async ({ req }) => {
    assertSameOrigin('DELETE', req.headers.get('origin'), req.headers.get('host'));
    await consoleLogout(sessionIdFromCookies(req.headers.get('cookie')));
    return new Response(null, { status: 204, headers: { 'set-cookie': consoleCookieHeader(undefined, 0) } });
  }),
});
