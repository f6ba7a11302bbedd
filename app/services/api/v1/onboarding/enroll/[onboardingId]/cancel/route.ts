import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { actorOf, cancelOnboarding } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelOnboarding, async ({ principal, params, body }) => {
    return json(await cancelOnboarding(principal.integratorId, params.onboardingId, actorOf(principal), body.reason));
  }),
});
