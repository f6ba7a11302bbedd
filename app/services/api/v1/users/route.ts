import { createUser, listUsers } from '@/lib/auth';
import * as contract from '@/lib/contracts/access';
import { randomToken } from '@/lib/crypto';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listUsers, async ({ principal }) => json({ users: await listUsers(principal.integratorId) })),
  POST: handle(contract.createUser, async ({ principal, body }) => {
    // 144 random bits, 24 characters: shown once in the answer.
    const generated = body.password ? undefined : randomToken(18);
    const user = await createUser(principal.integratorId, body.username, body.password ?? generated!, body.role);
    return json({ ...user, ...(generated ? { password: generated } : {}) }, 201);
  }),
});
