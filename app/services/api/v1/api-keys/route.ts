import { issueApiKey, listApiKeys } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/keys';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listApiKeys, async ({ principal }) => json({ keys: await listApiKeys(principal.integratorId) })),
  POST: handle(contract.createApiKey, async ({ principal, body }) => json(await issueApiKey(principal.integratorId, body.name), 201)),
});
