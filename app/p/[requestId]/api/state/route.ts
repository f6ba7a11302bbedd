import { flowState } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { processState, tokenFromCookies } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(flowState, async ({ req, params }) => json(await processState(params.requestId, tokenFromCookies(req.headers.get('cookie'))))),
});
