import { revokeUserOf, setUserRole } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/access';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: handle(contract.updateUser, async ({ principal, params, body }) => {
    return json(await setUserRole(principal.integratorId, params.userId, body.role));
  }),
  DELETE: handle(contract.revokeUser, async ({ principal, params }) => {
    await revokeUserOf(principal.integratorId, params.userId);
    return new Response(null, { status: 204 });
  }),
});
