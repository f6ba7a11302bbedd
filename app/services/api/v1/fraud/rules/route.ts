import * as contract from '@/lib/contracts/fraud-admin';
import { ruleCatalogue } from '@/lib/fraud';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listRules, async ({ principal, query }) => json(await ruleCatalogue(principal.integratorId, query.rulesGroup))),
});
