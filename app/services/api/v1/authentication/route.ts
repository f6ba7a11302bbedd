import { login } from '@/lib/platform/auth';
import { authenticate } from '@/lib/api/contracts/auth';
import { handle, json, methods, throttledLogin } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(authenticate, async ({ body, clientIp }) =>
    json(await throttledLogin(body.username, clientIp, () => login({ ...body, style: 'api' }))),
  ),
});
