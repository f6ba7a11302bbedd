import { rotateClientSecret } from '@/lib/auth';
import * as contract from '@/lib/contracts/access';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateClientSecret, async ({ principal, params }) => {
    return json(await rotateClientSecret(params.clientId, principal.integratorId));
  }),
});
