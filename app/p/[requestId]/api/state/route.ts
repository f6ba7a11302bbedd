import { flowState } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { processState, tokenFromCookies } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(flowState, async ({ req, params }) => json(await processState(params.requestId, tokenFromCookies(req.headers.get('cookie'))))),
});
