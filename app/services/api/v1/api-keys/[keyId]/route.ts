import { revokeApiKey } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/keys';
import { handle, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(contract.revokeApiKey, async ({ principal, params }) => {
    await revokeApiKey(params.keyId, principal.integratorId);
    return new Response(null, { status: 204 });
  }),
});
