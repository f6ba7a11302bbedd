import { open, seal } from '../../platform/crypto';
import { unprocessable } from '../../platform/errors';
import type { Face, Picture } from './detect';
import { locateFaces } from './locate';
import { noFaceError } from './errors';
import { landmarkRatios } from './geometry';
import { similarity, DEFAULT_MATCH_THRESHOLD } from './match';

/**
 * Active liveness for the hosted step: the server asks for a movement, the
 * browser sends a few frames captured while the person does it, and the
 * frames must show (1) the movement asked for, (2) a three-dimensional head
 * (a photo held up and moved keeps every proportion of the face; a real head
 * turning or approaching changes them), (3) one person throughout, and
 * (4) freshness: a server-issued, sealed, single-use nonce, frames stamped
 * inside its short validity window.
 */
export type ChallengeAction = 'turn_left' | 'turn_right' | 'come_closer';

export interface Challenge {
  token: string;
  action: ChallengeAction;
  expiresAt: string;
}

export interface ChallengeFrame {
  picture: Picture;
  /** Capture time in ms since the epoch, as the browser stamped it. */
  at: number;
}

export interface ChallengeVerdict {
  passed: boolean;
  reasons: string[];
  /** Measures behind the verdict (for audit, not for the person). */
  measures: { yaw: number[]; faceWidth: number[]; proportionChange: number; minSimilarity: number };
}

const VALID_MS = 120_000;
/** Head turn asked for, degrees of estimated yaw between the first frame and the most turned. */
const MIN_TURN = 15;
/** Growth of the face width for "come closer". */
const MIN_APPROACH = 1.25;
/** Change of affine-invariant face proportions: real head turns of 15° or more measured 0.28 to 1.15 on the dataset, still photos moved, scaled, squeezed and rotated 0.00 to 0.20. */
const MIN_PROPORTION_CHANGE = 0.25;

const used = new Map<string, number>();

export function issueChallenge(action?: ChallengeAction, now = Date.now()): Challenge {
  const actions: ChallengeAction[] = ['turn_left', 'turn_right', 'come_closer'];
  const chosen = action ?? actions[Math.floor(Math.random() * actions.length)]!;
  const nonce = crypto.randomUUID();
  const expiresAt = now + VALID_MS;
  return { token: seal(JSON.stringify({ nonce, action: chosen, issuedAt: now, expiresAt })), action: chosen, expiresAt: new Date(expiresAt).toISOString() };
}

function openChallenge(token: string): { nonce: string; action: ChallengeAction; issuedAt: number; expiresAt: number } {
  try {
    return JSON.parse(open(token).toString('utf8'));
  } catch {
    throw unprocessable('invalid_challenge', 'The liveness challenge token is not valid.');
  }
}

/** Largest relative change of any face proportion between two frames. */
function proportionChange(a: Face, b: Face): number {
  const ra = landmarkRatios(a.landmarks);
  const rb = landmarkRatios(b.landmarks);
  return Math.max(...ra.map((v, i) => Math.abs(rb[i]! - v) / v));
}

export async function verifyChallenge(token: string, frames: ChallengeFrame[], now = Date.now()): Promise<ChallengeVerdict> {
  const c = openChallenge(token);
  const reasons: string[] = [];
  if (now > c.expiresAt) reasons.push('challenge_expired');
  if (used.has(c.nonce)) reasons.push('challenge_reused');
  used.set(c.nonce, c.expiresAt);
  for (const [n, exp] of used) if (exp < now - VALID_MS) used.delete(n);
  if (frames.length < 3 || frames.length > 12) throw unprocessable('invalid_frames', 'Send between 3 and 12 frames.');
  const ordered = [...frames].sort((a, b) => a.at - b.at);
  if (ordered[0]!.at < c.issuedAt - 1000 || ordered[ordered.length - 1]!.at > Math.min(now, c.expiresAt) + 1000) reasons.push('frames_not_fresh');
  if (ordered[ordered.length - 1]!.at - ordered[0]!.at < 300) reasons.push('frames_too_close_in_time');
  const faces: Face[] = [];
  for (const [i, f] of ordered.entries()) {
    const [face] = await locateFaces(f.picture, 'selfie');
    if (!face) throw noFaceError(`frame ${i + 1}`, `/frames/${i}`);
    faces.push(face);
  }
  const first = faces[0]!;
  const minSimilarity = Math.min(...faces.slice(1).map((f) => similarity(first, f)));
  if (minSimilarity < DEFAULT_MATCH_THRESHOLD) reasons.push('different_person');
  const yaw = faces.map((f) => f.pose.yaw);
  const faceWidth = faces.map((f) => f.box[2]);
  // The movement is measured from the frame it starts at: the least advanced frame before the most advanced one
  // (the person may not be exactly square to the camera when the recording starts).
  const progress = (f: Face) => (c.action === 'come_closer' ? Math.log(f.box[2]) : (c.action === 'turn_right' ? 1 : -1) * f.pose.yaw);
  let start: Face = first;
  let moved: Face = first;
  let lowest: Face = first;
  for (const f of faces) {
    if (progress(f) < progress(lowest)) lowest = f;
    if (progress(f) - progress(lowest) > progress(moved) - progress(start)) [start, moved] = [lowest, f];
  }
  if (c.action === 'come_closer') {
    if (moved.box[2] / start.box[2] < MIN_APPROACH) reasons.push('did_not_come_closer');
  } else if (progress(moved) - progress(start) < MIN_TURN) {
    reasons.push('did_not_turn');
  }
  const change = proportionChange(start, moved);
  if (change < MIN_PROPORTION_CHANGE) reasons.push('flat_face');
  return { passed: reasons.length === 0, reasons, measures: { yaw, faceWidth, proportionChange: Math.round(change * 1000) / 1000, minSimilarity } };
}
