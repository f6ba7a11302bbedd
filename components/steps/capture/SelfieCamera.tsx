'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import type { ChallengeResponse } from '@/lib/api/contracts/flow';
import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import { challengeFlow } from '../api';
import { Button } from '../Button';
import { cameraProblemOf, type CameraProblem } from './camera-errors';
import { hasCamera, loadFaceTracker, type FaceTracker, type TrackedFace } from './face-tracker';
import { SelfieProgress } from './SelfieProgress';

export interface Recording {
  challenge: string;
  frames: { image: string; at: number }[];
  /** The head turn the browser's tracker saw at each frame (for the page's own checks and tests; the server measures again). */
  yaws: (number | null)[];
}

type Guide = 'none' | 'center' | 'closer' | 'farther' | 'dark' | 'still' | 'ready';

const VIDEO: MediaTrackConstraints = { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } };
/** Frames sent: one every FRAME_MS while the person turns, at most MAX_FRAMES (the server takes 3 to 12). */
const FRAME_MS = 300;
const MAX_FRAMES = 10;
const MIN_FRAMES = 4;
/** A turn this large (degrees, as the browser's tracker sees it) has been seen: one more frame and stop. */
const TURN_SEEN = 20;
/** Steady and centred for this long before the movement is asked. */
const READY_MS = 600;
/** A face that moved less than an eighth of its width in this long is holding still. */
const STILL_MS = 250;
/** Without a start by then, the person is told what to do and offered a way out. */
export const START_LIMIT_MS = 45_000;
/** A challenge is asked for as soon as the camera runs (it is valid 2 minutes); an older one is asked again. */
const CHALLENGE_FRESH_MS = 90_000;

/** What to tell the person about one detection. */
function guideFor(face: TrackedFace | undefined, brightness: number): Guide {
  if (!face) return 'none';
  const [x, y, w, h] = face.box;
  if (brightness < 50) return 'dark';
  if (Math.abs(x + w / 2 - 0.5) > 0.15 || Math.abs(y + h / 2 - 0.5) > 0.2) return 'center';
  if (w < 0.2) return 'closer';
  if (w > 0.7) return 'farther';
  if (Math.abs(face.yaw) > 20) return 'center';
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
 * Selfie liveness capture: an oval guide with an instruction from the moment
 * the camera runs, in-browser face tracking (centre, distance, light,
 * stillness), then the server's movement recorded as a few frames. A
 * progress bar shows where the person is; after START_LIMIT_MS without a
 * start they are told what to do and may start anyway, try again or move to
 * the phone. The tracker is fetched only on a device with a camera. The
 * camera stops when recording ends (this component unmounts).
 */
export default function SelfieCamera({
  requestId,
  t,
  onRecorded,
  onProblem,
  onHandOff,
}: {
  requestId: string;
  t: CaptureMessages;
  onRecorded: (r: Recording) => void;
  onProblem: (p: CameraProblem) => void;
  /** Offered when the start takes too long (desktop only: a phone never hands off to itself). */
  onHandOff?: () => void;
}) {
  const cam = useRef<Webcam>(null);
  /** When the camera started running (0: not yet). */
  const [startedAt, setStartedAt] = useState(0);
  const ready = startedAt > 0;
  const [now, setNow] = useState(0);
  const [tracker, setTracker] = useState<FaceTracker | null | undefined>(undefined);
  const [guide, setGuide] = useState<Guide>('center');
  const [steady, setSteady] = useState(0);
  const [yaw, setYaw] = useState<number | undefined>();
  const [challenge, setChallenge] = useState<ChallengeResponse | undefined>();
  const [frameCount, setFrameCount] = useState(0);
  const recording = useRef(false);
  const pending = useRef<{ at: number; token: Promise<ChallengeResponse | undefined> } | undefined>(undefined);

  useEffect(() => {
    let gone = false;
    hasCamera()
      .then((has) => (has ? loadFaceTracker() : null))
      .then(
        (tr) => !gone && setTracker(tr),
        () => !gone && setTracker(null),
      );
    return () => {
      gone = true;
    };
  }, []);

  /** The challenge asked ahead, or a new one when the one held is old. */
  const prefetch = useCallback(() => {
    if (!pending.current || Date.now() - pending.current.at > CHALLENGE_FRESH_MS) pending.current = { at: Date.now(), token: challengeFlow(requestId).catch(() => undefined) };
    return pending.current.token;
  }, [requestId]);

  const start = useCallback(async () => {
    const c = await prefetch();
    pending.current = undefined;
    if (c) setChallenge(c);
    return !!c;
  }, [prefetch]);

  const onCamera = useCallback(() => {
    setStartedAt(Date.now());
    setNow(Date.now());
    void prefetch();
  }, [prefetch]);

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
        setFrameCount(frames.length);
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
    if (!ready || !tracker || challenge) return;
    let stop = false;
    let readySince = 0;
    let last: TrackedFace | undefined;
    let lastAt = 0;
    const canvas = document.createElement('canvas');
    const loop = async () => {
      while (!stop) {
        const video = cam.current?.video;
        if (video && video.readyState >= 2) {
          const face = await tracker.detect(video).catch(() => undefined);
          if (stop) break;
          let g = guideFor(face, brightnessOf(video, canvas));
          setYaw(face ? Math.round(face.yaw) : undefined);
          // Stillness relative to the face's size (the same hand tremor is a bigger share of a small face) and per
          // STILL_MS: a slow phone's tracker looks only every second or so, and the drift of a person holding still
          // over that long is no movement (measured per look, a slow device never saw the face steady).
          const seenAt = Date.now();
          const moved = face && last ? Math.hypot(face.box[0] - last.box[0], face.box[1] - last.box[1]) / Math.max(0.1, face.box[2]) / Math.max(1, (seenAt - lastAt) / STILL_MS) : 1;
          last = face;
          lastAt = seenAt;
          if (g === 'ready' && moved > 0.12) g = 'still';
          setGuide(g);
          readySince = g === 'ready' ? readySince || Date.now() : 0;
          setSteady(readySince ? Math.min(1, (Date.now() - readySince) / READY_MS) : 0);
          if (readySince && Date.now() - readySince >= READY_MS) {
            stop = true;
            if (!(await start())) stop = false;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    void loop();
    return () => {
      stop = true;
    };
  }, [ready, tracker, challenge, start]);

  useEffect(() => {
    if (challenge) void record(challenge);
  }, [challenge, record]);

  // The clock of the start limit (once a second is enough for a countdown).
  useEffect(() => {
    if (!ready || challenge) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ready, challenge]);

  const elapsed = ready ? now - startedAt : 0;
  const stuck = ready && !challenge && elapsed >= START_LIMIT_MS;
  const stage = challenge ? 1 : 0;
  const percent = challenge ? 34 + (66 * frameCount) / MAX_FRAMES : 33 * steady;
  const shown: Guide | 'loading' = !ready ? 'loading' : guide;
  const text = challenge ? t.selfie[challenge.action] : shown === 'loading' ? t.selfie.loading : t.selfie.guide[shown];
  return (
    <div>
      {ready ? <SelfieProgress t={t} stage={stage} percent={percent} secondsLeft={challenge || stuck ? undefined : Math.max(0, Math.ceil((START_LIMIT_MS - elapsed) / 1000))} /> : null}
      <div className="relative overflow-hidden rounded-lg bg-black">
        <Webcam ref={cam} audio={false} mirrored videoConstraints={VIDEO} onUserMedia={onCamera} onUserMediaError={(e) => onProblem(cameraProblemOf(e))} className="block h-auto w-full" aria-label={t.selfie.title} />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className={`h-[78%] aspect-[3/4] rounded-[50%] border-4 ${guide === 'ready' || challenge ? 'border-emerald-400' : 'border-white/90'} shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]`} />
        </div>
      </div>
      <p aria-live="assertive" data-testid="selfie-guide" data-guide={challenge ? challenge.action : shown} data-tracker={tracker === undefined ? 'loading' : tracker ? 'ready' : 'none'} data-tracker-backend={tracker?.backend} data-yaw={yaw} className="my-3 min-h-[3rem] text-center text-lg font-semibold text-slate-900">
        {text}
        {challenge ? <span className="block text-sm font-normal text-slate-700">{t.selfie.recording}</span> : null}
      </p>
      {stuck ? (
        <div role="alert" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="selfie-stuck">
          <p className="font-semibold text-slate-900">{t.selfie.stuckTitle}</p>
          <p className="text-slate-800">{t.selfie.stuckTip}</p>
        </div>
      ) : null}
      {ready && !challenge && (tracker === null || stuck) ? (
        <div className="flex flex-col gap-2">
          <Button type="button" onClick={() => void start()}>
            {tracker === null ? t.selfie.manual : t.selfie.startAnyway}
          </Button>
          {stuck ? (
            <button type="button" className="rounded-lg border border-slate-400 px-4 py-3 font-semibold text-slate-900" onClick={() => setStartedAt(Date.now())}>
              {t.selfie.tryAgain}
            </button>
          ) : null}
          {stuck && onHandOff ? (
            <button type="button" className="text-center font-semibold text-slate-800 underline" onClick={onHandOff}>
              {t.handoff.offer}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
