import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { resendToken } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.resendToken, async ({ principal, params, body }) => json(await resendToken(principal.integratorId, params.onboardingId, body.channel))),
});
