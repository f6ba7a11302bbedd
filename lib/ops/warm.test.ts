import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { closeFacePool } from '../engines/face';
import { closeOcrPool } from '../engines/ocr';
import { resetConfig } from '../platform/config';
import { getLogger } from '../platform/log';
import { waitAtMost, warmDocumentReading, warmEngines } from './warm';

afterAll(() => Promise.all([closeOcrPool(), closeFacePool()]));
afterEach(() => {
  delete process.env.WARM_ENGINES_ON_BOOT;
  resetConfig();
  vi.restoreAllMocks();
});

describe('engines warmed at boot', () => {
  it('the bundled synthetic document is read through the whole engine and placed as what it is', async () => {
    expect(await warmDocumentReading()).toBe('CNH_ABERTA');
  }, 60_000);

  it('boot reads it unless WARM_ENGINES_ON_BOOT is false, and says so in the log', async () => {
    const info = vi.spyOn(getLogger(), 'info');
    process.env.WARM_ENGINES_ON_BOOT = 'false';
    resetConfig();
    await warmEngines();
    expect(info.mock.calls.some(([, msg]) => msg === 'document engine warm')).toBe(false);
    process.env.WARM_ENGINES_ON_BOOT = 'true';
    resetConfig();
    await warmEngines();
    const logged = info.mock.calls.find(([, msg]) => msg === 'document engine warm');
    expect(logged?.[0]).toMatchObject({ type: 'CNH_ABERTA' });
  }, 60_000);
});

describe('the boot’s wait for the warm-up', () => {
  it('ends at the limit when the warm-up never does, and says so once', async () => {
    const late = vi.fn();
    const started = performance.now();
    await waitAtMost(new Promise(() => undefined), 200, late);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(5_000);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('ends with the warm-up when it finishes or fails first, without a word', async () => {
    const late = vi.fn();
    const started = performance.now();
    await waitAtMost(new Promise((resolve) => setTimeout(resolve, 20)), 60_000, late);
    await waitAtMost(Promise.reject(new Error('model missing')), 60_000, late);
    expect(performance.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(late).not.toHaveBeenCalled();
  });
});
