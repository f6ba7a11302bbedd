import * as contract from '@/lib/api/contracts/fraud-admin';
import { listDenied } from '@/lib/engines/fraud';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listDenyList, async ({ principal, query }) => {
    const limit = query.limit ?? 50;
    const items = await listDenied(principal.integratorId, limit, query.after);
    return json({ items, ...(items.length === limit ? { next: items.at(-1)!.cpf } : {}) });
  }),
});
