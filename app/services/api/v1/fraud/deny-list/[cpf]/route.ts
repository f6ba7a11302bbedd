import * as contract from '@/lib/api/contracts/fraud-admin';
import { notFound } from '@/lib/platform/errors';
import { allowCpf, denyCpf } from '@/lib/engines/fraud';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: handle(contract.putDenyList, async ({ principal, params, body }) => {
    return json(await denyCpf(principal.integratorId, params.cpf, body.reason ?? null));
  }),
  DELETE: handle(contract.deleteDenyList, async ({ principal, params }) => {
    if (!(await allowCpf(principal.integratorId, params.cpf))) throw notFound('not_found', 'This CPF is not on the deny list.');
    return new Response(null, { status: 204 });
  }),
});
