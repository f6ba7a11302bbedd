import * as contract from '@/lib/api/contracts/console-reads';
import { stats } from '@/lib/processes/console';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.consoleStats, async ({ principal, query }) => json(await stats(principal.integratorId, query.days))),
});
