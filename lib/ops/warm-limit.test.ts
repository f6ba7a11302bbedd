import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../platform/config';
import { getLogger } from '../platform/log';

// Engines that never finish warming: the boot must still go on serving once its limit passes.
const never = () => new Promise<never>(() => undefined);
vi.mock('../engines/documents', () => ({ extractDocument: vi.fn(never), warmMrzThread: vi.fn(never) }));
vi.mock('../engines/face', () => ({ facePool: vi.fn(), warmPadThreads: vi.fn(never) }));
vi.mock('../engines/ocr', () => ({ ocrPool: vi.fn() }));

const { warmEngines } = await import('./warm');

afterEach(() => {
  delete process.env.WARM_ENGINES_ON_BOOT;
  resetConfig();
  vi.restoreAllMocks();
});

describe('warm-up at boot that hangs', () => {
  it('resolves once its limit passes, says so in the log, and does not wait for the engines', async () => {
    process.env.WARM_ENGINES_ON_BOOT = 'true';
    resetConfig();
    const warn = vi.spyOn(getLogger(), 'warn');
    const started = performance.now();
    await warmEngines(200);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(5_000);
    expect(warn.mock.calls.some(([fields, msg]) => msg === 'warming the engines is taking long; serving without waiting' && (fields as { seconds: number }).seconds === 0.2)).toBe(true);
  });

  it('waits for nothing when the warm-up is turned off', async () => {
    process.env.WARM_ENGINES_ON_BOOT = 'false';
    resetConfig();
    const warn = vi.spyOn(getLogger(), 'warn');
    await warmEngines(60_000);
    expect(warn).not.toHaveBeenCalled();
  });
});
