import * as contract from '@/lib/contracts/console-reads';
import { stats } from '@/lib/console';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.consoleStats, async ({ principal, query }) => json(await stats(principal.integratorId, query.days))),
});
