import { getConfig } from '../../platform/config';
import { createDatavalidClient } from './client';
import type { DatavalidClient } from './types';

export { createDatavalidClient } from './client';
export type { DatavalidClient, DatavalidClientOptions, DatavalidErrorCode, DatavalidFields, DatavalidInput, DatavalidResult } from './types';

/** Stands in when DATAVALID_URL is unset: says so plainly instead of inventing a government answer. */
export const notConfiguredDatavalid: DatavalidClient = {
  async validate() {
    return { status: 'not_configured', message: 'SERPRO Datavalid is not configured (DATAVALID_URL is unset); no registry check was made.' };
  },
};

// One client per configuration, so the access token is reused across requests.
let current: { key: string; client: DatavalidClient } | undefined;

/** The Datavalid client for the current configuration (real when DATAVALID_URL is set). */
export function datavalidClient(): DatavalidClient {
  const c = getConfig();
  if (!c.DATAVALID_URL) return notConfiguredDatavalid;
  const options = {
    url: c.DATAVALID_URL,
    consumerKey: c.DATAVALID_CONSUMER_KEY ?? '',
    consumerSecret: c.DATAVALID_CONSUMER_SECRET ?? '',
    timeoutMs: c.DATAVALID_TIMEOUT_MS,
  };
  const key = JSON.stringify(options);
  if (current?.key !== key) current = { key, client: createDatavalidClient(options) };
  return current.client;
}
