import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { onboardingHistory } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.onboardingHistory, async ({ principal, params }) => json({ items: await onboardingHistory(principal.integratorId, params.onboardingId) })),
});
