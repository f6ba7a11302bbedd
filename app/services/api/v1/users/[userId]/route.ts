import { revokeUserOf, setUserRole } from '@/lib/auth';
import * as contract from '@/lib/contracts/access';
import { handle, json, methods, requireRole } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: handle(contract.updateUser, async ({ principal, params, body }) => {
    requireRole(principal, 'admin');
    return json(await setUserRole(principal.integratorId, params.userId, body.role));
  }),
  DELETE: handle(contract.revokeUser, async ({ principal, params }) => {
    requireRole(principal, 'admin');
    await revokeUserOf(principal.integratorId, params.userId);
    return new Response(null, { status: 204 });
  }),
});
