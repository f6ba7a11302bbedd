import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { resendToken } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.resendToken, async ({ principal, params, body }) => json(await resendToken(principal.integratorId, params.onboardingId, body.channel))),
});
