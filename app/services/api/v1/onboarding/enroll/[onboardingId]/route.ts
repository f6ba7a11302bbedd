import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { actorOf, eraseOnboarding, findOnboarding, onboardingView } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getOnboarding, async ({ principal, params }) => json(await onboardingView(await findOnboarding(principal.integratorId, params.onboardingId)))),
  DELETE: handle(contract.eraseOnboarding, async ({ principal, params }) => {
    await eraseOnboarding(principal.integratorId, params.onboardingId, actorOf(principal));
    return new Response(null, { status: 204 });
  }),
});
