import { metricsContract } from '@/lib/api/contracts/ops';
import { handle, methods, metrics } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(metricsContract, async () => {
    const { registry } = metrics();
    return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
  }),
});
