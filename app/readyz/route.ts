import { readyz } from '@/lib/api/contracts/ops';
import { handle, json, methods } from '@/lib/platform/http';
import { readiness } from '@/lib/ops';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(readyz, async () => {
    const { ready, checks } = await readiness();
    return json({ status: ready ? 'ok' : 'unavailable', checks }, ready ? 200 : 503);
  }),
});
