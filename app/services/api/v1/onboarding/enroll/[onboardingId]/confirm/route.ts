import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { actorOf, confirmContact } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.confirmContact, async ({ principal, params, body }) =>
    json(await confirmContact(principal.integratorId, params.onboardingId, body.channel, body.token, actorOf(principal))),
  ),
});
