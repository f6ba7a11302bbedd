import * as contract from '@/lib/contracts/onboarding';
import { handle, json, methods } from '@/lib/http';
import { listReviews } from '@/lib/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listReviews, async ({ principal, query }) => json(await listReviews(principal.integratorId, query.limit, query.after))),
});
