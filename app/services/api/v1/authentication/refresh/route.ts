import { redeemRefreshToken } from '@/lib/platform/auth';
import { refresh } from '@/lib/api/contracts/auth';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(refresh, async ({ body }) => json(await redeemRefreshToken(body.refresh_token))),
});
