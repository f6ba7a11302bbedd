'use client';

/** A face seen in one video frame: box normalised to 0..1 of the frame, head turn in degrees. */
export interface TrackedFace {
  box: [number, number, number, number];
  yaw: number;
}

export interface FaceTracker {
  detect: (video: HTMLVideoElement) => Promise<TrackedFace | undefined>;
}

/** Only what the guide needs: the face detector and the mesh that gives the head's turn. */
const CONFIG = {
  modelBasePath: '/vendor/human/models/',
  cacheSensitivity: 0,
  debug: false,
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 1, return: false },
    mesh: { enabled: true },
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

interface HumanLike {
  load: () => Promise<void>;
  detect: (input: HTMLVideoElement) => Promise<{ face: { boxRaw: [number, number, number, number]; rotation?: { angle: { yaw: number } } | null }[] }>;
}

let loading: Promise<FaceTracker> | undefined;

/**
 * Human (npm @vladmandic/human) loaded on demand from our own origin
 * (/vendor/human/...): its 2 MB of code and models never weigh on the first
 * page. WebGL where the browser has it, else the CPU.
 */
export function loadFaceTracker(): Promise<FaceTracker> {
  loading ??= (async () => {
    const url = '/vendor/human/human.esm.js';
    const mod = (await import(/* webpackIgnore: true */ url)) as { Human: new (config: unknown) => HumanLike };
    let human: HumanLike | undefined;
    for (const backend of ['webgl', 'cpu']) {
      try {
        const h = new mod.Human({ ...CONFIG, backend });
        await h.load();
        human = h;
        break;
      } catch {
        // next backend
      }
    }
    if (!human) throw new Error('face tracker unavailable');
    const h = human;
    return {
      detect: async (video) => {
        const r = await h.detect(video);
        const f = r.face[0];
        if (!f) return undefined;
        return { box: f.boxRaw, yaw: ((f.rotation?.angle.yaw ?? 0) * 180) / Math.PI };
      },
    };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
