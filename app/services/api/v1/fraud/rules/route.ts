import * as contract from '@/lib/api/contracts/fraud-admin';
import { ruleCatalogue } from '@/lib/engines/fraud';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listRules, async ({ principal, query }) => json(await ruleCatalogue(principal.integratorId, query.rulesGroup))),
});
