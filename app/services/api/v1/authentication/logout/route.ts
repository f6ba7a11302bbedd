import { revokeToken } from '@/lib/platform/auth';
import { logout } from '@/lib/api/contracts/auth';
import { handle, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(logout, async ({ body }) => {
    await revokeToken(body.refresh_token, 'refresh_token');
    return new Response(null, { status: 204 });
  }),
});
