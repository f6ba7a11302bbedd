import { afterEach, describe, expect, it } from 'vitest';
import { cameraProblemOf, cameraUnavailable } from './camera-errors';

const g = globalThis as Record<string, unknown>;
const saved = { window: g.window, navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator') };

function browser({ framed = false, secure = true, media = true } = {}) {
  const top = {};
  g.window = { self: framed ? {} : top, top, isSecureContext: secure };
  Object.defineProperty(globalThis, 'navigator', { value: media ? { mediaDevices: { getUserMedia: () => undefined } } : {}, configurable: true });
}

afterEach(() => {
  g.window = saved.window;
  if (saved.navigator) Object.defineProperty(globalThis, 'navigator', saved.navigator);
});

describe('camera problems have their own screens', () => {
  it("maps getUserMedia's errors to what the person can do", () => {
    browser();
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblemOf(err('NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(err('NotReadableError'))).toBe('inUse');
    expect(cameraProblemOf(err('NotFoundError'))).toBe('none');
    expect(cameraProblemOf(err('OverconstrainedError'))).toBe('none');
    expect(cameraProblemOf(err('TypeError'))).toBe('unsupported');
    expect(cameraProblemOf('NotAllowedError')).toBe('denied');
  });

  it('a refusal inside an iframe is the embedding page not allowing the camera', () => {
    browser({ framed: true });
    expect(cameraProblemOf(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe('iframe');
  });

  it('a browser or context without a camera API is unsupported before asking', () => {
    browser({ media: false });
    expect(cameraUnavailable()).toBe('unsupported');
    browser({ secure: false });
    expect(cameraUnavailable()).toBe('unsupported');
    browser();
    expect(cameraUnavailable()).toBeUndefined();
  });
});
