import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { actorOf, eraseOnboarding, onboardingRecord } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getOnboarding, async ({ principal, params }) => json(await onboardingRecord(principal.integratorId, params.onboardingId))),
  DELETE: handle(contract.eraseOnboarding, async ({ principal, params }) => {
    await eraseOnboarding(principal.integratorId, params.onboardingId, actorOf(principal));
    return new Response(null, { status: 204 });
  }),
});
