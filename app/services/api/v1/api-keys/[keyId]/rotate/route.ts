import { rotateApiKey } from '@/lib/auth';
import * as contract from '@/lib/contracts/keys';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateApiKey, async ({ principal, params }) => {
    return json(await rotateApiKey(params.keyId, principal.integratorId), 201);
  }),
});
