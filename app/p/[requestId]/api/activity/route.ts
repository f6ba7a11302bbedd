import { flowActivity } from '@/lib/contracts/flow-routes';
import { handle, methods } from '@/lib/http';
import { reportActivity, tokenFromCookies } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowActivity, async ({ req, params, body }) => {
    await reportActivity(params.requestId, tokenFromCookies(req.headers.get('cookie')), body.activity);
    return new Response(null, { status: 204 });
  }),
});
