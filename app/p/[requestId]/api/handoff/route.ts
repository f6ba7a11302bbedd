import { flowHandoff } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { createHandoff, requireStepSession } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowHandoff, async ({ req, params }) => json(await createHandoff(await requireStepSession(req, params.requestId)))),
});
