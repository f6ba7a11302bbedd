import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { reviewFile } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getReview, async ({ principal, params }) => json(await reviewFile(principal.integratorId, params.onboardingId))),
});
