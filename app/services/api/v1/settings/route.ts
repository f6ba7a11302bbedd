import * as contract from '@/lib/api/contracts/settings';
import { handle, json, methods } from '@/lib/platform/http';
import { readSettings, updateSettings } from '@/lib/platform/settings';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getSettingsContract, async ({ principal }) => json(await readSettings(principal.integratorId))),
  PUT: handle(contract.updateSettingsContract, async ({ principal, body }) => {
    return json(await updateSettings(principal.integratorId, body));
  }),
});
