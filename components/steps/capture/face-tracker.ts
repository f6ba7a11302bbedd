'use client';

import { trackerConfig } from '@/lib/platform/http/shared';

/** A face seen in one video frame: box normalised to 0..1 of the frame, head turn in degrees. */
export interface TrackedFace {
  box: [number, number, number, number];
  yaw: number;
}

export interface FaceTracker {
  detect: (video: HTMLVideoElement) => Promise<TrackedFace | undefined>;
  /** The TensorFlow.js backend it runs on (webgl, wasm or cpu). */
  backend: string;
}

const BASE = `/vendor/human/${process.env.ATESTA_TRACKER_VERSION}/`;

/** Only the face detector (BlazeFace): its six keypoints give the head's turn, so no face mesh is loaded. */
const CONFIG = trackerConfig(`${BASE}models/`, `${BASE}wasm/`);

type Point = [number, number, number?];

const EYES_COS = Math.cos((25 * Math.PI) / 180);

interface HumanLike {
  load: () => Promise<void>;
  tf?: { getBackend?: () => string };
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

/**
 * Whether the browser's WebGL is drawn in software (SwiftShader, llvmpipe: a
 * virtual machine, a remote desktop, a headless browser). There the tracker's
 * WebGL shaders run on the CPU, slower than the WebAssembly kernels (measured
 * in headless Chromium: the tracker ready after 18–20 s on WebGL).
 */
function softwareWebGl(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    // A probe only: give its context back (a page gets few), the tracker makes its own.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
  } catch {
    return false;
  }
}

let loading: Promise<FaceTracker> | undefined;

/**
 * Human (npm @vladmandic/human) loaded on demand from our own origin
 * (/vendor/human/<version>/..., compressed and cached for a year): its code
 * and model never weigh on the first page. WebGL where the browser has it in
 * hardware, else WebAssembly (a browser or device without WebGL, or with
 * WebGL drawn in software: the plain-JavaScript CPU backend and software
 * WebGL took seconds per look, and the guide could not tell a steady face),
 * else the CPU.
 */
export function loadFaceTracker(): Promise<FaceTracker> {
  loading ??= (async () => {
    const url = `${BASE}human.esm.js`;
    const mod = (await import(/* webpackIgnore: true */ url)) as { Human: new (config: unknown) => HumanLike };
    let human: HumanLike | undefined;
    let used = '';
    for (const backend of softwareWebGl() ? ['wasm', 'cpu'] : ['webgl', 'wasm', 'cpu']) {
      try {
        const h = new mod.Human({ ...CONFIG, backend });
        await h.load();
        // Human falls back by itself when a backend does not start; only the one asked for counts here (its own
        // fallback is the slow CPU one, which would hide WebAssembly).
        const running = h.tf?.getBackend?.() ?? backend;
        if (running !== backend && backend !== 'cpu') continue;
        human = h;
        used = running;
        break;
      } catch {
        // next backend
      }
    }
    if (!human) throw new Error('face tracker unavailable');
    const h = human;
    return {
      backend: used,
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
