import { rotateClientSecret } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/access';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateClientSecret, async ({ principal, params }) => {
    return json(await rotateClientSecret(params.clientId, principal.integratorId));
  }),
});
