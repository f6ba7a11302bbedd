import { tokenEndpoint } from '@/lib/auth';
import { oauthToken } from '@/lib/contracts/auth';
import { handle, json, methods, throttledLogin } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(oauthToken, async ({ body, req, clientIp }) => {
    const run = () => tokenEndpoint(body, req.headers.get('authorization'));
    const tokens = body.grant_type === 'password' ? await throttledLogin(body.username ?? '', clientIp, run) : await run();
    return json(tokens, 200, { pragma: 'no-cache' });
  }),
});
