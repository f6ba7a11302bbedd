import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { actorOf, cancelOnboarding } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.cancelOnboarding, async ({ principal, params, body }) => {
    return json(await cancelOnboarding(principal.integratorId, params.onboardingId, actorOf(principal), body.reason));
  }),
});
