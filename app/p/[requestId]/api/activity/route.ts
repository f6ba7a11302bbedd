import { flowActivity } from '@/lib/api/contracts/flow-routes';
import { handle, methods } from '@/lib/platform/http';
import { reportActivity, requireSessionOf } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowActivity, async ({ req, params, body }) => {
    await reportActivity(await requireSessionOf(req, params.requestId), body.activity);
    return new Response(null, { status: 204 });
  }),
});
