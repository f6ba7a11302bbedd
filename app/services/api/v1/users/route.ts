import { addUser, listUsers } from '@/lib/platform/auth';
import * as contract from '@/lib/api/contracts/access';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.listUsers, async ({ principal }) => json({ users: await listUsers(principal.integratorId) })),
  POST: handle(contract.createUser, async ({ principal, body }) => json(await addUser(principal.integratorId, body), 201)),
});
