import * as contract from '@/lib/api/contracts/onboarding';
import { handle, json, methods } from '@/lib/platform/http';
import { actorOf, enrol } from '@/lib/processes/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.enrol, async ({ principal, body, req }) => {
    const out = await enrol(principal.integratorId, body, { idempotencyKey: req.headers.get('idempotency-key'), actor: actorOf(principal) });
    return out.replayed ? json(out.record, 200, { 'idempotent-replayed': 'true' }) : json(out.record, 201);
  }),
});
