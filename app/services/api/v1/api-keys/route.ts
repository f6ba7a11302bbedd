import { createApiKey, listApiKeys } from '@/lib/auth';
import * as contract from '@/lib/contracts/keys';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listApiKeys, async ({ principal }) => json({ keys: await listApiKeys(principal.integratorId) })),
  POST: handle(contract.createApiKey, async ({ principal, body }) => {
    return json(await createApiKey(principal.integratorId, body.name), 201);
  }),
});
