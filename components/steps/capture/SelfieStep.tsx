'use client';

import { useMutation } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { CaptureRetry } from '@/lib/api/contracts/flow';
import type { Locale } from '@/lib/platform/i18n';
import { captureMessages } from '@/lib/platform/i18n/shared';
import { FlowError, submitSelfieFlow } from '../api';
import { Button } from '../Button';
import type { CameraProblem } from './camera-errors';
import { CameraGate } from './CameraGate';
import { CameraPlaceholder } from './CameraPlaceholder';
import { HandoffPanel } from './HandoffPanel';
import { useReportActivity } from './use-activity';
import { UnsentPanel, unsentOf, useSendWhenOnline, type Unsent } from './UnsentPanel';
import { useCoarsePointer } from './use-coarse-pointer';
import { SendingNotice } from './SendingNotice';
import type { Recording } from './SelfieCamera';

// Webcam and the face tracker load only when the camera opens.
const SelfieCamera = dynamic(() => import('./SelfieCamera'), { ssr: false });

type Mode = 'tips' | 'camera' | 'review' | 'sending';

/** SPEC 4.13 hosted liveness: tips, guided camera, the movement recorded, review, send; retry with guidance. */
export function SelfieStep({
  requestId,
  locale,
  attemptsLeft: initialLeft,
  retry: initialRetry,
  preview = false,
  canHandOff = true,
}: {
  requestId: string;
  locale: Locale;
  attemptsLeft: number;
  retry?: CaptureRetry[];
  /** The console's branding preview: a still picture where the camera would be, nothing sent. */
  preview?: boolean;
  /** False on the phone a desktop handed the process to. */
  canHandOff?: boolean;
}) {
  const t = captureMessages[locale];
  const coarse = useCoarsePointer();
  // A computer may move to the phone; a phone never offers itself.
  const offerPhone = canHandOff && !coarse;
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('tips');
  const [problem, setProblem] = useState<CameraProblem | undefined>();
  const [handoff, setHandoff] = useState(false);
  const [recording, setRecording] = useState<Recording | undefined>();
  const [retry, setRetry] = useState<CaptureRetry[]>(initialRetry ?? []);
  const [attemptsLeft, setAttemptsLeft] = useState(initialLeft);
  const [error, setError] = useState('');
  const [unsent, setUnsent] = useState<Unsent>();

  const send = useMutation({
    mutationFn: (r: Recording) => submitSelfieFlow(requestId, { challenge: r.challenge, frames: r.frames, lang: locale }),
    onSuccess: (out) => {
      setRecording(undefined);
      if (out.outcome === 'retry') {
        setRetry(out.retry);
        setAttemptsLeft(out.attemptsLeft);
        setMode('tips');
        return;
      }
      router.refresh();
    },
    onError: (e) => {
      setMode('review');
      // Never reached the server: the recording is kept and goes again (by itself when the connection is back).
      const unreached = unsentOf(e);
      if (unreached) {
        setUnsent(unreached);
        return;
      }
      setError(e instanceof FlowError && e.code !== 'error' ? e.message : t.error);
      if (e instanceof FlowError && e.code === 'process_finished') router.refresh();
    },
  });

  const sendAgain = () => {
    if (!recording) return;
    setUnsent(undefined);
    setError('');
    setMode('sending');
    send.mutate(recording);
  };
  useSendWhenOnline(unsent, sendAgain);

  // The phone of a handoff tells its desktop what it is doing.
  useReportActivity(requestId, !canHandOff, mode === 'sending' ? 'sending' : mode === 'camera' ? 'capturing' : undefined);

  if (handoff) return <HandoffPanel requestId={requestId} t={t} onClose={() => setHandoff(false)} />;

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" data-testid="selfie-step" data-mode={mode}>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t.selfie.title}</h1>
      {retry.length && mode === 'tips' ? (
        <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="retry">
          <ul className="list-disc pl-5 text-slate-800">
            {[...new Set(retry.map((r) => r.message))].map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-700">{t.document.attemptsLeft(attemptsLeft)}</p>
        </div>
      ) : null}
      {unsent && mode === 'review' ? <UnsentPanel unsent={unsent} t={t} onRetry={sendAgain} /> : null}
      {mode === 'sending' ? (
        <SendingNotice text={t.selfie.sending} slowText={t.camera.slow} />
      ) : mode === 'review' && recording ? (
        <div>
          <p className="mb-2 font-semibold text-slate-900">{t.selfie.review}</p>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={recording.frames[0]!.image} alt={t.selfie.review} data-frames={recording.frames.length} data-yaws={recording.yaws.join(',')} className="mb-3 w-full -scale-x-100 rounded-lg" />
          <p role="alert" className="mb-2 min-h-[1.25rem] text-sm font-medium text-rose-700">
            {error}
          </p>
          <div className="flex flex-col gap-2">
            <Button type="button" onClick={sendAgain}>
              {t.selfie.send}
            </Button>
            <button
              type="button"
              onClick={() => {
                setUnsent(undefined);
                setMode('camera');
              }}
              className="rounded-lg border border-slate-400 px-4 py-3 font-semibold text-slate-900"
            >
              {t.selfie.retake}
            </button>
          </div>
        </div>
      ) : mode === 'camera' && !problem ? (
        <SelfieCamera
          requestId={requestId}
          t={t}
          onProblem={setProblem}
          onHandOff={offerPhone ? () => setHandoff(true) : undefined}
          onRecorded={(r) => {
            // Nothing leaves the device before the person confirms.
            setRecording(r);
            setMode('review');
          }}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-slate-800">{t.selfie.tips}</p>
          {preview ? <CameraPlaceholder shape="face" caption={t.selfie.guide.center} /> : null}
          <CameraGate t={t} label={t.selfie.start} problem={problem} setProblem={setProblem} onOpen={() => setMode('camera')} />
          {offerPhone ? (
            <button type="button" onClick={() => setHandoff(true)} className="text-center font-semibold text-slate-800 underline">
              {t.handoff.offer}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
