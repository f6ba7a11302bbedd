import * as contract from '@/lib/contracts/settings';
import { handle, json, methods } from '@/lib/http';
import { getSettings, updateSettings } from '@/lib/settings';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(contract.getSettingsContract, async ({ principal }) => json(await getSettings(principal.integratorId))),
  PUT: handle(contract.updateSettingsContract, async ({ principal, body }) => {
    return json(await updateSettings(principal.integratorId, body));
  }),
});
