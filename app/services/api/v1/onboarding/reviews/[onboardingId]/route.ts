import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { reviewFile } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getReview, async ({ principal, params }) => json(await reviewFile(principal.integratorId, params.onboardingId))),
});
