'use client';

import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import { adviseDocument, CARD_ASPECT, DOCUMENT_LIMITS, measureDocumentFrame, OVERLAY_SHARE, overlayRegion, SHARPNESS_HEIGHT, type DocumentAdvice } from '@/lib/engines/media/shared';
import { cameraProblemOf, type CameraProblem } from './camera-errors';

/** After a side the server could not read: the card a quarter bigger (on a 640×480 webcam the shutter then works only "anyway"). */
const STRICT_LIMITS = { ...DOCUMENT_LIMITS, minDocumentHeight: Math.round(DOCUMENT_LIMITS.minDocumentHeight * 1.25) };
/** After this long without a good frame the shutter works anyway (the server still checks). */
const OVERRIDE_AFTER_MS = 5000;

// Rear camera, as sharp as the device gives (the ideal is a request, not a requirement).
const VIDEO: MediaTrackConstraints = { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } };

/** Live document capture: frame overlay, guidance computed in the browser, shutter enabled when the picture is good. */
export default function DocumentCamera({
  t,
  label,
  strict = false,
  onCaptured,
  onProblem,
}: {
  t: CaptureMessages;
  label: string;
  /** The server could not read this side last time (too small, not recognised): the guide asks for a bigger card. */
  strict?: boolean;
  onCaptured: (jpeg: string) => void;
  onProblem: (p: CameraProblem) => void;
}) {
  const cam = useRef<Webcam>(null);
  const [advice, setAdvice] = useState<DocumentAdvice | 'starting'>('starting');
  const [override, setOverride] = useState(false);
  const [ready, setReady] = useState(false);
  const [overlay, setOverlay] = useState(OVERLAY_SHARE);

  useEffect(() => {
    if (!ready) return;
    const overrideTimer = setTimeout(() => setOverride(true), OVERRIDE_AFTER_MS);
    const canvas = document.createElement('canvas');
    const tick = setInterval(() => {
      const video = cam.current?.video;
      if (!video || video.readyState < 2 || !video.videoWidth) return;
      const region = overlayRegion(video.videoWidth, video.videoHeight);
      setOverlay(region.w / video.videoWidth);
      // At the server's scale: the region SHARPNESS_HEIGHT high at most, never enlarged.
      canvas.height = Math.round(Math.min(region.h, SHARPNESS_HEIGHT));
      canvas.width = Math.round((canvas.height * region.w) / region.h);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) return;
      ctx.drawImage(video, region.x, region.y, region.w, region.h, 0, 0, canvas.width, canvas.height);
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      setAdvice(adviseDocument(measureDocumentFrame(img.data, img.width, img.height, region.h), strict ? STRICT_LIMITS : DOCUMENT_LIMITS));
    }, 400);
    return () => {
      clearInterval(tick);
      clearTimeout(overrideTimer);
    };
  }, [ready, strict]);

  const shoot = () => {
    const video = cam.current?.video;
    if (!video) return;
    // The whole frame at full resolution: the server finds the document in it.
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')!.drawImage(video, 0, 0);
    onCaptured(canvas.toDataURL('image/jpeg', 0.92));
  };

  const good = advice === 'ok';
  return (
    <div>
      <p className="mb-2 font-semibold text-slate-900">{label}</p>
      <div className="relative overflow-hidden rounded-lg bg-black">
        <Webcam
          ref={cam}
          audio={false}
          videoConstraints={VIDEO}
          screenshotFormat="image/jpeg"
          forceScreenshotSourceSize
          onUserMedia={() => setReady(true)}
          onUserMediaError={(e) => onProblem(cameraProblemOf(e))}
          className="block h-auto w-full"
          aria-label={t.document.frame}
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className={`rounded-xl border-4 ${good ? 'border-emerald-400' : 'border-white/90'} shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]`} style={{ aspectRatio: String(CARD_ASPECT), width: `${(overlay * 100).toFixed(1)}%` }} />
        </div>
      </div>
      <p aria-live="polite" data-testid="document-guide" data-advice={advice} className={`my-2 min-h-[1.5rem] font-medium ${good ? 'text-emerald-800' : 'text-slate-800'}`}>
        {advice === 'starting' ? t.selfie.loading : t.document.guide[advice]}
      </p>
      <button
        type="button"
        onClick={shoot}
        disabled={!ready || (!good && !override)}
        className="w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)] disabled:cursor-not-allowed disabled:opacity-60"
      >
        {good || !override ? t.document.shutter : t.document.shutterAnyway}
      </button>
    </div>
  );
}
