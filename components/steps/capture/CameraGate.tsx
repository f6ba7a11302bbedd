'use client';

import type { CaptureMessages } from '@/lib/platform/i18n/shared';
import { Button } from '../Button';
import { cameraUnavailable, type CameraProblem } from './camera-errors';
import { CameraProblemPanel } from './CameraProblemPanel';

/** The button that opens the camera, or the screen of why it cannot be used. */
export function CameraGate({ t, label, problem, setProblem, onOpen }: { t: CaptureMessages; label: string; problem?: CameraProblem; setProblem: (p?: CameraProblem) => void; onOpen: () => void }) {
  if (problem) return <CameraProblemPanel problem={problem} t={t} onRetry={() => setProblem(undefined)} />;
  return (
    <Button
      type="button"
      onClick={() => {
        const p = cameraUnavailable();
        if (p) setProblem(p);
        else onOpen();
      }}
    >
      {label}
    </Button>
  );
}
