import { login } from '@/lib/auth';
import { authenticate } from '@/lib/contracts/auth';
import { handle, json, methods, throttledLogin } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(authenticate, async ({ body, clientIp }) =>
    json(await throttledLogin(body.username, clientIp, () => login({ ...body, style: 'api' }))),
  ),
});
