import * as contract from '@/lib/api/contracts/console-reads';
import { search } from '@/lib/processes/console';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.consoleSearch, async ({ principal, query }) => json(await search(principal.integratorId, query.q))),
});
