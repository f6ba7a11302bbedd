import os from 'node:os';
import { getConfig, type Config } from '../config';
import { AdmissionGate } from './admission';

const KEY = Symbol.for('atesta.admission');
type Gates = { config: Config; analysis: AdmissionGate; requests?: AdmissionGate };

/** The process's gates, rebuilt when the configuration is (tests change it). Shared by the server script and the bundled routes. */
export function gates(): Gates {
  const holder = globalThis as { [KEY]?: Gates };
  const config = getConfig();
  if (holder[KEY]?.config !== config) {
    const places = config.ANALYSIS_CONCURRENCY ?? os.availableParallelism();
    holder[KEY] = {
      config,
      analysis: new AdmissionGate('document and face analysis', places, config.ANALYSIS_QUEUE ?? places * 4, config.ANALYSIS_QUEUE_TIMEOUT_MS),
      requests: config.MAX_INFLIGHT_REQUESTS > 0 ? new AdmissionGate('requests', config.MAX_INFLIGHT_REQUESTS, 0, 1000) : undefined,
    };
  }
  return holder[KEY]!;
}
