import { revokeToken } from '@/lib/auth';
import { oauthRevoke } from '@/lib/contracts/auth';
import { handle, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(oauthRevoke, async ({ body }) => {
    await revokeToken(body.token, body.token_type_hint);
    return new Response(null, { status: 200 });
  }),
});
