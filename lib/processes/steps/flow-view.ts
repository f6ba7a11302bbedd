// What a hosted step page shows at each stage: the server renders it, the browser's components read it.
import type { Retry, StepKind } from './state';

export type Channel = 'sms' | 'email';

export type FlowView =
  | { stage: 'invalid' }
  | { stage: 'expired' | 'canceled' | 'already-finished'; /** The integrator's app, so no final page is a dead end. */ backTo?: string }
  | { stage: 'finished'; status: 'APPROVED' | 'REJECTED'; showSuccessPage: boolean; kind: StepKind }
  | { stage: 'intro'; kind: StepKind; channels: { channel: Channel; destination: string }[] }
  | { stage: 'choose'; channels: { channel: Channel; destination: string }[] }
  | { stage: 'code'; channel: Channel; destination: string; attemptsLeft: number; retryAfter: number; resendsLeft: number; otherChannels: { channel: Channel; destination: string }[] }
  | { stage: 'document'; requireLiveCapture: boolean; attemptsLeft: number; retry?: Retry[]; canHandOff?: boolean }
  | { stage: 'selfie'; attemptsLeft: number; retry?: Retry[]; canHandOff?: boolean }
  /** Finished on the phone a desktop handed the process to: the desktop goes on to the app, the phone says so. */
  | { stage: 'finished-elsewhere'; status: 'APPROVED' | 'REJECTED' }
  | { stage: 'unavailable'; kind: StepKind };
