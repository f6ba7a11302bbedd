import { healthz } from '@/lib/api/contracts/ops';
import { handle, json, methods } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(healthz, async () => json({ status: 'ok' })),
});
