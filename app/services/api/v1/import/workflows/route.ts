import { listWorkflows } from '@/lib/processes/batch';
import * as contract from '@/lib/api/contracts/batch';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listWorkflows, async ({ principal }) => json({ items: await listWorkflows(principal.integratorId) })),
});
