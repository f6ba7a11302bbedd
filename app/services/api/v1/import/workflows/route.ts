import { listWorkflows } from '@/lib/batch';
import * as contract from '@/lib/contracts/batch';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWorkflows, async ({ principal }) => json({ items: await listWorkflows(principal.integratorId) })),
});
