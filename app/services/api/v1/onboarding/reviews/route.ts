import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { listReviews } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listReviews, async ({ principal, query }) => json(await listReviews(principal.integratorId, query.limit, query.after))),
});
