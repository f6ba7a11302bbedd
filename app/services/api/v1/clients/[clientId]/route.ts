import { revokeClient } from '@/lib/auth';
import * as contract from '@/lib/contracts/access';
import { handle, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(contract.revokeClient, async ({ principal, params }) => {
    await revokeClient(params.clientId, principal.integratorId);
    return new Response(null, { status: 204 });
  }),
});
