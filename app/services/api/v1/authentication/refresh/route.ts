import { redeemRefreshToken } from '@/lib/auth';
import { refresh } from '@/lib/contracts/auth';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(refresh, async ({ body }) => json(await redeemRefreshToken(body.refresh_token))),
});
