import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { epochNow } from '../../platform/workers';
import { affordsUntil, readMrzFromReadings } from './mrz-mix';
import { mixedZone, warmMrzThread } from './mrz-pool';

const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
/** Two readings of TD1, each with one line wrong: only their mix is the valid zone. */
const a = [TD1[0]!, '7406172F1209159UTO<<<<<<<<<<<6', TD1[2]!];
const b = ['I<UTOD964458903<<<<<<<<<<<<<<<', TD1[1]!, TD1[2]!];

/** Six readings of a zone read as junk: each of the 216 mixes runs the repair search, and none validates. */
function junk(): string[][] {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const line = () => Array.from({ length: 30 }, () => 'A0B1C<D2E<3F<<8S5O'[Math.floor(next() * 18)]).join('');
  return Array.from({ length: 6 }, () => [line(), line(), line()]);
}

describe('mixed readings of a zone, judged on their own thread', () => {
  it('give what the judgement gives on the calling thread, and keep the call’s time there', async () => {
    await warmMrzThread();
    expect(await mixedZone([a, b])).toEqual(readMrzFromReadings([a, b]));
    expect((await mixedZone([a, b]))!.lines).toEqual(TD1);
    expect((await mixedZone([a, b], affordsUntil(epochNow() + 60_000)))!.valid).toBe(true);
    expect((await mixedZone([a, b], affordsUntil(epochNow() - 1)))!.valid).toBe(false);
    // A limit without a moment is asked once, at the call.
    expect((await mixedZone([a, b], () => false))!.valid).toBe(false);
    expect(await mixedZone([])).toBeUndefined();
  }, 30_000);

  it('leave the event loop free while a garbled zone’s mixes are searched', async () => {
    await warmMrzThread();
    const readings = junk();
    let last = performance.now();
    let longest = 0;
    const ticks = setInterval(() => {
      const t = performance.now();
      longest = Math.max(longest, t - last);
      last = t;
    }, 5);
    const started = performance.now();
    const read = await mixedZone(readings);
    const took = performance.now() - started;
    clearInterval(ticks);
    longest = Math.max(longest, performance.now() - last);
    expect(read?.valid).toBe(false);
    // On the calling thread the search held the loop for the whole call (0.5–1.3 s here).
    expect(took).toBeGreaterThan(200);
    expect(longest).toBeLessThan(took / 2);
  }, 30_000);

  it('are judged on the calling thread when the thread fails, within the same time', async () => {
    await warmMrzThread();
    const gone = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(() => {
      throw new Error('thread gone');
    });
    try {
      expect((await mixedZone([a, b]))!.lines).toEqual(TD1);
      expect((await mixedZone([a, b], affordsUntil(epochNow() - 1)))!.valid).toBe(false);
      expect(gone).toHaveBeenCalled();
    } finally {
      gone.mockRestore();
    }
  }, 30_000);
});
