import { jwks } from '@/lib/platform/auth';
import { jwksContract } from '@/lib/api/contracts/auth';
import { handle, json, methods } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(jwksContract, async () => json(await jwks(), 200, { 'cache-control': 'public, max-age=300' })),
});
