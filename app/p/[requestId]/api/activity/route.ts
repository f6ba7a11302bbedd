import { flowActivity } from '@/lib/contracts/flow-routes';
import { handle, methods } from '@/lib/http';
import { reportActivity, requireSessionOf } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowActivity, async ({ req, params, body }) => {
    await reportActivity(await requireSessionOf(req, params.requestId), body.activity);
    return new Response(null, { status: 204 });
  }),
});
