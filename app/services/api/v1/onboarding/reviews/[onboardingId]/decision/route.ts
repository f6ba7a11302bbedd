import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { actorOf, decideReview } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.decideReview, async ({ principal, params, body }) => {
    return json(await decideReview(principal.integratorId, params.onboardingId, body.decision, body.reason, actorOf(principal)));
  }),
});
