import * as contract from '@/lib/contracts/console-reads';
import { search } from '@/lib/console';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.consoleSearch, async ({ principal, query }) => json(await search(principal.integratorId, query.q))),
});
