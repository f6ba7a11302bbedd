import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { onboardingHistory } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.onboardingHistory, async ({ principal, params }) => json({ items: await onboardingHistory(principal.integratorId, params.onboardingId) })),
});
