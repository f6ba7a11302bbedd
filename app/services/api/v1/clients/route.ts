import { createClient, listClients } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/access';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listClients, async ({ principal }) => json({ clients: await listClients(principal.integratorId) })),
  POST: handle(contract.createClient, async ({ principal, body }) => {
    return json(await createClient(principal.integratorId, body.name, body.scope.join(' ')), 201);
  }),
});
