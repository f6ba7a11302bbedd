'use client';

import { trackerConfig } from '@/lib/platform/http/shared';

/** A face seen in one video frame: box normalised to 0..1 of the frame, head turn in degrees. */
export interface TrackedFace {
  box: [number, number, number, number];
  yaw: number;
}

export interface FaceTracker {
  detect: (video: HTMLVideoElement) => Promise<TrackedFace | undefined>;
}

const BASE = `/vendor/human/${process.env.ATESTA_TRACKER_VERSION}/`;

/** Only the face detector (BlazeFace): its six keypoints give the head's turn, so no face mesh is loaded. */
const CONFIG = trackerConfig(`${BASE}models/`);

type Point = [number, number, number?];

const EYES_COS = Math.cos((25 * Math.PI) / 180);

interface HumanLike {
  load: () => Promise<void>;
  warmup?: () => Promise<unknown>;
  detect: (input: HTMLVideoElement) => Promise<{ face: { boxRaw: [number, number, number, number]; meshRaw: Point[] }[] }>;
}

/**
 * The head's turn (degrees) from BlazeFace's keypoints (eyes, nose, mouth,
 * ears, in that order). On a head seen as a cylinder with the eyes about 25°
 * either side of its front and the ears at its sides, the ears' distances l
 * and r from the eyes' midline give tan(yaw) = (r − l) / ((r + l) cos 25°).
 * The sign follows Human's face-mesh yaw; only the size of a change matters
 * to the guide.
 */
export function yawOf(points: Point[]): number {
  const [leftEye, rightEye, , , leftEar, rightEar] = points;
  if (!leftEye || !rightEye || !leftEar || !rightEar) return 0;
  const mid = (leftEye[0] + rightEye[0]) / 2;
  const l = Math.abs(leftEar[0] - mid);
  const r = Math.abs(rightEar[0] - mid);
  if (l + r === 0) return 0;
  return (Math.atan((r - l) / ((l + r) * EYES_COS)) * 180) / Math.PI;
}

/** Whether the device has a camera at all (asked before the tracker's ~0.6 MB is fetched). */
export async function hasCamera(): Promise<boolean> {
  try {
    const devices = await navigator.mediaDevices?.enumerateDevices();
    return !!devices?.some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

let loading: Promise<FaceTracker> | undefined;

/**
 * Human (npm @vladmandic/human) loaded on demand from our own origin
 * (/vendor/human/<version>/..., compressed and cached for a year): its code
 * and model never weigh on the first page. WebGL where the browser has it,
 * else the CPU.
 */
export function loadFaceTracker(): Promise<FaceTracker> {
  loading ??= (async () => {
    const url = `${BASE}human.esm.js`;
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
        return { box: f.boxRaw, yaw: yawOf(f.meshRaw) };
      },
    };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
