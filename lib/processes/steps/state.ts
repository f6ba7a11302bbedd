import { conflict } from '../../platform/errors';

/** What the phone of a handoff is doing, told to its desktop. */
export const DEVICE_ACTIVITIES = ['capturing', 'sending'] as const;
export type DeviceActivity = (typeof DEVICE_ACTIVITIES)[number];

export const STEP_STATUSES = ['PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export type StepKind = 'validation' | 'fraud' | 'liveness' | 'mfa';

/**
 * The only allowed moves. PENDING: created, not opened. IN_PROGRESS: opened
 * by the person. APPROVED / REJECTED: the person finished. EXPIRED: lifetime
 * over before finishing. CANCELED: by the integrator. The last four are final.
 */
const TRANSITIONS: Record<StepStatus, readonly StepStatus[]> = {
  PENDING: ['IN_PROGRESS', 'EXPIRED', 'CANCELED'],
  IN_PROGRESS: ['APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED'],
  APPROVED: [],
  REJECTED: [],
  EXPIRED: [],
  CANCELED: [],
};

export const isFinal = (s: StepStatus) => TRANSITIONS[s].length === 0;
export const canTransition = (from: StepStatus, to: StepStatus) => TRANSITIONS[from].includes(to);

export function assertTransition(from: StepStatus, to: StepStatus): void {
  if (!canTransition(from, to)) throw conflict('illegal_transition', `A process in status ${from} cannot become ${to}.`);
}

export type CaptureSlot = 'front' | 'back' | 'selfie';
export type CaptureSource = 'camera' | 'upload';

/** Why a capture is asked again: each has a plain message the person can act on. */
export type RetryReason =
  | 'not_recognized'
  | 'blurred'
  | 'glare'
  | 'too_small'
  | 'no_face'
  | 'face_too_small'
  | 'too_dark'
  | 'hold_still'
  | 'too_bright'
  | 'not_live'
  | 'did_not_move'
  | 'different_person'
  | 'flat_face'
  | 'too_fast'
  | 'expired';

export interface Retry {
  slot: CaptureSlot;
  reason: RetryReason;
  message: string;
}
