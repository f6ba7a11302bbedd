import { rotateApiKey } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/keys';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateApiKey, async ({ principal, params }) => {
    return json(await rotateApiKey(params.keyId, principal.integratorId), 201);
  }),
});
