/**
 * The Human configuration of the selfie guide's tracker (browser), also used
 * by the tests that run it in Node: only the face detector (BlazeFace), one
 * face, everything else off. `wasmPath`: where the WebAssembly kernels are
 * served (our origin, never the CDN Human defaults to).
 */
export function trackerConfig(modelBasePath: string, wasmPath = '') {
  return {
    modelBasePath,
    wasmPath,
    wasmPlatformFetch: false,
    cacheSensitivity: 0,
    debug: false,
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1, return: false },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  };
}
