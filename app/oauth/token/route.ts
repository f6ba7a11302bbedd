import { grantSubject, tokenEndpoint } from '@/lib/platform/auth';
import { oauthToken } from '@/lib/api/contracts/auth';
import { handle, json, methods, throttledLogin } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(oauthToken, async ({ body, req, clientIp }) => {
    const authorization = req.headers.get('authorization');
    const run = () => tokenEndpoint(body, authorization);
    const subject = grantSubject(body, authorization);
    const tokens = subject === undefined ? await run() : await throttledLogin(subject, clientIp, run);
    return json(tokens, 200, { pragma: 'no-cache' });
  }),
});
