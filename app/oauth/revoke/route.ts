import { revokeToken } from '@/lib/platform/auth';
import { oauthRevoke } from '@/lib/api/contracts/auth';
import { handle, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(oauthRevoke, async ({ body }) => {
    await revokeToken(body.token, body.token_type_hint);
    return new Response(null, { status: 200 });
  }),
});
