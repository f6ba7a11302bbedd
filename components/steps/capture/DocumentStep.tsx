'use client';

import { useMutation } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { CaptureRetry } from '@/lib/api/contracts/flow';
import type { Locale } from '@/lib/platform/i18n';
import { captureMessages } from '@/lib/platform/i18n/shared';
import { FlowError, submitDocumentFlow } from '../api';
import { Button } from '../Button';
import type { CameraProblem } from './camera-errors';
import { CameraGate } from './CameraGate';
import { CameraPlaceholder } from './CameraPlaceholder';
import { useDocumentStore, type Side } from './document-store';
import { HandoffPanel } from './HandoffPanel';
import { useReportActivity } from './use-activity';
import { UnsentPanel, unsentOf, useSendWhenOnline, type Unsent } from './UnsentPanel';
import { useCoarsePointer } from './use-coarse-pointer';
import { SendingNotice } from './SendingNotice';
import { UploadPicker } from './UploadPicker';

// The camera code (react-webcam and the live guide) loads only when the camera screen opens.
const DocumentCamera = dynamic(() => import('./DocumentCamera'), { ssr: false });

export interface DocumentStepProps {
  requestId: string;
  locale: Locale;
  requireLiveCapture: boolean;
  attemptsLeft: number;
  retry?: CaptureRetry[];
  /** False on the phone a desktop handed the process to. */
  canHandOff?: boolean;
  /** The console's branding preview: a still picture where the camera would be, nothing sent. */
  preview?: boolean;
}

/** SPEC 4.12 hosted fraud step: front then back (or one side), by camera or file, preview, send, retry what failed. */
export function DocumentStep({ requestId, locale, requireLiveCapture, attemptsLeft, retry, preview = false, canHandOff = true }: DocumentStepProps) {
  const t = captureMessages[locale];
  const coarse = useCoarsePointer();
  // On a computer the phone makes the better document photo: offered first; on a phone, never.
  const offerPhone = canHandOff && !coarse && !preview;
  const router = useRouter();
  const s = useDocumentStore();
  const [problem, setProblem] = useState<CameraProblem | undefined>();
  const [handoff, setHandoff] = useState(false);
  const [error, setError] = useState('');
  // Sent but not arrived (no network, server unreachable): the photos stay in the store to send again.
  const [unsent, setUnsent] = useState<Unsent>();

  useEffect(() => {
    const sides = retry?.length ? (retry.map((r) => r.slot).filter((x) => x === 'front' || x === 'back') as Side[]) : (['front', 'back'] as Side[]);
    useDocumentStore.getState().init({ sides, retry: retry ?? [], attemptsLeft });
  }, [retry, attemptsLeft]);

  const send = useMutation({
    mutationFn: () => {
      const { images } = useDocumentStore.getState();
      const source = images.front?.source === 'upload' || images.back?.source === 'upload' ? 'upload' : 'camera';
      return submitDocumentFlow(requestId, { front: images.front?.data, back: images.back?.data, source, lang: locale });
    },
    onSuccess: (out) => {
      if (out.outcome === 'retry') {
        const sides = out.retry.map((r) => r.slot).filter((x) => x === 'front' || x === 'back') as Side[];
        useDocumentStore.getState().init({ sides, retry: out.retry, attemptsLeft: out.attemptsLeft });
        return;
      }
      router.refresh();
    },
    onError: (e) => {
      useDocumentStore.getState().setMode('preview');
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
    setUnsent(undefined);
    setError('');
    useDocumentStore.getState().setMode('sending');
    send.mutate();
  };
  useSendWhenOnline(unsent, sendAgain);

  // The phone of a handoff tells its desktop what it is doing.
  useReportActivity(requestId, !canHandOff, s.mode === 'sending' ? 'sending' : s.mode === 'camera' ? 'capturing' : undefined);
  const side = s.sides[s.index] ?? 'front';
  const sideLabel = side === 'front' ? t.document.front : t.document.back;
  const finish = (done: boolean) => {
    if (done) sendAgain();
  };

  if (handoff) return <HandoffPanel requestId={requestId} t={t} onClose={() => setHandoff(false)} />;

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" data-testid="document-step" data-side={side} data-mode={s.mode}>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t.document.title}</h1>
      {unsent ? <UnsentPanel unsent={unsent} t={t} onRetry={sendAgain} /> : null}
      {s.retry.length && s.mode !== 'sending' && !unsent ? (
        <div role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="retry">
          <p className="font-semibold text-slate-900">{t.document.retryTitle}</p>
          <ul className="list-disc pl-5 text-slate-800">
            {s.retry.map((r) => (
              <li key={r.slot + r.reason}>
                {r.slot === 'back' ? t.document.back : t.document.front}: {r.message}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-700">{t.document.attemptsLeft(s.attemptsLeft)}</p>
        </div>
      ) : null}

      {s.mode === 'sending' ? (
        <SendingNotice text={t.document.sending} slowText={t.camera.slow} />
      ) : s.mode === 'preview' && s.images[side] ? (
        <div>
          <p className="mb-2 font-semibold text-slate-900">{sideLabel}</p>
          {s.images[side]!.data.startsWith('data:application/pdf') ? (
            <p className="mb-2 rounded border border-slate-300 p-4 text-slate-800">PDF</p>
          ) : (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={s.images[side]!.data} alt={sideLabel} className="mb-2 w-full rounded-lg" />
          )}
          <p className="mb-3 text-sm text-slate-700">{t.document.preview}</p>
          <p role="alert" className="mb-2 min-h-[1.25rem] text-sm font-medium text-rose-700">
            {error}
          </p>
          <div className="flex flex-col gap-2">
            <Button type="button" onClick={() => finish(useDocumentStore.getState().accept())}>
              {s.index + 1 >= s.sides.length ? t.document.send : t.document.usePhoto}
            </Button>
            <button type="button" onClick={() => useDocumentStore.getState().retake()} className="rounded-lg border border-slate-400 px-4 py-3 font-semibold text-slate-900">
              {t.document.retake}
            </button>
          </div>
        </div>
      ) : s.mode === 'camera' && !problem ? (
        <DocumentCamera
          t={t}
          label={sideLabel}
          strict={s.retry.some((r) => r.slot === side && (r.reason === 'too_small' || r.reason === 'not_recognized'))}
          onCaptured={(jpeg) => useDocumentStore.getState().captured(jpeg, 'camera')}
          onProblem={setProblem}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div>
            <p className="font-semibold text-slate-900">{sideLabel}</p>
            <p className="text-sm text-slate-700">{side === 'front' ? t.document.frontHint : t.document.backHint}</p>
          </div>
          {preview ? <CameraPlaceholder shape="document" caption={t.document.frame} /> : null}
          {offerPhone ? (
            <div className="rounded-lg border border-slate-300 p-3">
              <Button type="button" onClick={() => setHandoff(true)}>
                {t.handoff.offer}
              </Button>
              <p className="mt-1 text-sm text-slate-700">{t.handoff.recommended}</p>
            </div>
          ) : null}
          <CameraGate t={t} label={t.document.useCamera} problem={problem} setProblem={setProblem} onOpen={() => useDocumentStore.getState().setMode('camera')} />
          {requireLiveCapture ? (
            <p className="text-sm text-slate-700">{t.document.liveRequired}</p>
          ) : (
            <UploadPicker t={t} label={t.document.upload} onPicked={(data) => useDocumentStore.getState().captured(data, 'upload')} />
          )}
          {side === 'back' && !s.retry.length ? (
            <button type="button" onClick={() => finish(useDocumentStore.getState().skip())} className="rounded-lg border border-slate-400 px-4 py-3 font-semibold text-slate-900">
              {t.document.skipBack}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
