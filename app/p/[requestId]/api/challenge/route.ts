import { flowChallenge } from '@/lib/api/contracts/flow-routes';
import { handle, json, methods } from '@/lib/platform/http';
import { livenessChallenge, requireStepSession } from '@/lib/processes/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowChallenge, async ({ req, params }) => json(livenessChallenge(await requireStepSession(req, params.requestId)))),
});
