'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import type { ChallengeResponse } from '@/lib/contracts/flow';
import type { CaptureMessages } from '@/lib/i18n/capture';
import { challengeFlow } from '../api';
import { cameraProblemOf, type CameraProblem } from './camera-errors';
import { loadFaceTracker, type FaceTracker, type TrackedFace } from './face-tracker';

export interface Recording {
  challenge: string;
  frames: { image: string; at: number }[];
  /** The head turn the browser's tracker saw at each frame (for the page's own checks and tests; the server measures again). */
  yaws: (number | null)[];
}

type Guide = 'loading' | 'none' | 'center' | 'closer' | 'farther' | 'dark' | 'still' | 'ready';

const VIDEO: MediaTrackConstraints = { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } };
/** Frames sent: one every FRAME_MS while the person turns, at most MAX_FRAMES (the server takes 3 to 12). */
const FRAME_MS = 300;
const MAX_FRAMES = 10;
const MIN_FRAMES = 4;
/** A turn this large (degrees, as the browser's tracker sees it) has been seen: one more frame and stop. */
const TURN_SEEN = 22;
/** Steady and centred for this long before the movement is asked. */
const READY_MS = 800;

/** What to tell the person about one detection. */
function guideFor(face: TrackedFace | undefined, brightness: number): Guide {
  if (!face) return 'none';
  const [x, y, w, h] = face.box;
  if (brightness < 50) return 'dark';
  if (Math.abs(x + w / 2 - 0.5) > 0.15 || Math.abs(y + h / 2 - 0.5) > 0.2) return 'center';
  if (w < 0.2) return 'closer';
  if (w > 0.7) return 'farther';
  if (Math.abs(face.yaw) > 15) return 'center';
  return 'ready';
}

function grab(video: HTMLVideoElement, canvas: HTMLCanvasElement): string {
  // At most 960 px wide: enough for the face engine, small to upload.
  const scale = Math.min(1, 960 / video.videoWidth);
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.9);
}

function brightnessOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): number {
  canvas.width = 64;
  canvas.height = 36;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(video, 0, 0, 64, 36);
  const d = ctx.getImageData(0, 0, 64, 36).data;
  let s = 0;
  for (let i = 0; i < d.length; i += 4) s += 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
  return s / (d.length / 4);
}

/**
 * Selfie liveness capture: an oval guide, in-browser face tracking (centre,
 * distance, light, stillness), then the server's movement recorded as a few
 * frames. The camera stops when recording ends (this component unmounts).
 */
export default function SelfieCamera({ requestId, t, onRecorded, onProblem }: { requestId: string; t: CaptureMessages; onRecorded: (r: Recording) => void; onProblem: (p: CameraProblem) => void }) {
  const cam = useRef<Webcam>(null);
  const [ready, setReady] = useState(false);
  const [tracker, setTracker] = useState<FaceTracker | null | undefined>(undefined);
  const [guide, setGuide] = useState<Guide>('loading');
  const [yaw, setYaw] = useState<number | undefined>();
  const [challenge, setChallenge] = useState<ChallengeResponse | undefined>();
  const recording = useRef(false);

  useEffect(() => {
    loadFaceTracker().then(setTracker, () => setTracker(null));
  }, []);

  const record = useCallback(
    async (c: ChallengeResponse) => {
      if (recording.current) return;
      recording.current = true;
      const video = cam.current?.video;
      if (!video) return;
      const canvas = document.createElement('canvas');
      const frames: Recording['frames'] = [];
      const yaws: Recording['yaws'] = [];
      let startYaw: number | undefined;
      let turned = 0;
      let busy = false;
      // Frames on a fixed cadence; the tracker looks at them when it is free (it is slower on some devices)
      // and only shortens the recording once it has seen the turn.
      while (frames.length < MAX_FRAMES) {
        const at = Date.now();
        frames.push({ image: grab(video, canvas), at });
        yaws.push(null);
        if (tracker && !busy) {
          busy = true;
          const k = yaws.length - 1;
          void tracker
            .detect(video)
            .then((face) => {
              if (!face) return;
              yaws[k] = Math.round(face.yaw);
              startYaw ??= face.yaw;
              if (Math.abs(face.yaw - startYaw) >= TURN_SEEN) turned++;
            })
            .catch(() => undefined)
            .finally(() => (busy = false));
        }
        if (turned >= 2 && frames.length >= MIN_FRAMES) break;
        await new Promise((r) => setTimeout(r, Math.max(0, FRAME_MS - (Date.now() - at))));
      }
      onRecorded({ challenge: c.token, frames, yaws });
    },
    [tracker, onRecorded],
  );

  // Guidance loop: once steady and centred for a moment, ask for the movement and record.
  useEffect(() => {
    if (!ready || tracker === undefined || challenge) return;
    if (tracker === null) {
      setGuide('ready');
      return;
    }
    let stop = false;
    let readySince = 0;
    let last: TrackedFace | undefined;
    const canvas = document.createElement('canvas');
    const loop = async () => {
      while (!stop) {
        const video = cam.current?.video;
        if (video && video.readyState >= 2) {
          const face = await tracker.detect(video).catch(() => undefined);
          let g = guideFor(face, brightnessOf(video, canvas));
          setYaw(face ? Math.round(face.yaw) : undefined);
          const moved = face && last ? Math.hypot(face.box[0] - last.box[0], face.box[1] - last.box[1]) : 1;
          last = face;
          if (g === 'ready' && moved > 0.03) g = 'still';
          setGuide(g);
          readySince = g === 'ready' ? readySince || Date.now() : 0;
          if (readySince && Date.now() - readySince >= READY_MS) {
            stop = true;
            const c = await challengeFlow(requestId).catch(() => undefined);
            if (c) setChallenge(c);
            else stop = false;
          }
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    void loop();
    return () => {
      stop = true;
    };
  }, [ready, tracker, challenge, requestId]);

  useEffect(() => {
    if (challenge) void record(challenge);
  }, [challenge, record]);

  const text = challenge ? t.selfie[challenge.action] : guide === 'loading' ? t.selfie.loading : t.selfie.guide[guide];
  return (
    <div>
      <div className="relative overflow-hidden rounded-lg bg-black">
        <Webcam
          ref={cam}
          audio={false}
          mirrored
          videoConstraints={VIDEO}
          onUserMedia={() => setReady(true)}
          onUserMediaError={(e) => onProblem(cameraProblemOf(e))}
          className="block h-auto w-full"
          aria-label={t.selfie.title}
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className={`h-[78%] aspect-[3/4] rounded-[50%] border-4 ${guide === 'ready' || challenge ? 'border-emerald-400' : 'border-white/90'} shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]`} />
        </div>
      </div>
      <p aria-live="assertive" data-testid="selfie-guide" data-guide={challenge ? challenge.action : guide} data-yaw={yaw} className="my-3 min-h-[3rem] text-center text-lg font-semibold text-slate-900">
        {text}
        {challenge ? <span className="block text-sm font-normal text-slate-700">{t.selfie.recording}</span> : null}
      </p>
      {tracker === null && ready && !challenge ? (
        <button
          type="button"
          className="w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)]"
          onClick={async () => {
            const c = await challengeFlow(requestId).catch(() => undefined);
            if (c) setChallenge(c);
          }}
        >
          {t.selfie.manual}
        </button>
      ) : null}
    </div>
  );
}
