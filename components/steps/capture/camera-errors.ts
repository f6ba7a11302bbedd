'use client';

/** Why the camera cannot be used, each with its own screen and way forward. */
export type CameraProblem = 'denied' | 'inUse' | 'none' | 'unsupported' | 'iframe';

/** Before asking: a browser or context that cannot give a camera at all. */
export function cameraUnavailable(): CameraProblem | undefined {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || !window.isSecureContext) return 'unsupported';
  return undefined;
}

const inFrame = () => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

/** After asking: what getUserMedia's error means for the person. */
export function cameraProblemOf(err: unknown): CameraProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : typeof err === 'string' ? err : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return inFrame() ? 'iframe' : 'denied';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'inUse';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'unsupported';
}
