import { revokeClient } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/access';
import { handle, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(contract.revokeClient, async ({ principal, params }) => {
    await revokeClient(params.clientId, principal.integratorId);
    return new Response(null, { status: 204 });
  }),
});
