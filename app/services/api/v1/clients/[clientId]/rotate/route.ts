import { rotateClientSecret } from '@/lib/auth';
import * as contract from '@/lib/contracts/access';
import { handle, json, methods, requireRole } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.rotateClientSecret, async ({ principal, params }) => {
    requireRole(principal, 'admin');
    return json(await rotateClientSecret(params.clientId, principal.integratorId));
  }),
});
