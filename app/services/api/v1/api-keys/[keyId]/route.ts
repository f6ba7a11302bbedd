import { revokeApiKey } from '@/lib/auth';
import * as contract from '@/lib/contracts/keys';
import { handle, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(contract.revokeApiKey, async ({ principal, params }) => {
    await revokeApiKey(params.keyId, principal.integratorId);
    return new Response(null, { status: 204 });
  }),
});
