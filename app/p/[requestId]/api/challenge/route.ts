import { flowChallenge } from '@/lib/contracts/flow-routes';
import { handle, json, methods } from '@/lib/http';
import { livenessChallenge, requireStepSession } from '@/lib/steps';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(flowChallenge, async ({ req, params }) => json(livenessChallenge(await requireStepSession(req, params.requestId)))),
});
