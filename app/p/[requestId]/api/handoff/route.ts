import { flowHandoff } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { createHandoff, requireStepSession } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowHandoff, async ({ req, params }) => json(await createHandoff(await requireStepSession(req, params.requestId)))),
});
