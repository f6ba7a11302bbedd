import * as contract from '@/lib/api/contracts/fraud';
import { analyseFraud } from '@/lib/engines/fraud';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.fraudAnalysisFacematch, async ({ principal, body }) => json(await analyseFraud(principal.integratorId, body, 'fraud.analysis.facematch'))),
});
