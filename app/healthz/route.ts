import { healthz } from '@/lib/contracts/ops';
import { handle, json, methods } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(healthz, async () => json({ status: 'ok' })),
});
