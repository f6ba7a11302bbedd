import { and, eq } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { open, seal } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { badRequest, conflict, unprocessable } from '../../platform/errors';
import type { Locale } from '../../delivery/notify';
import { patchResult, type StepProcess } from './records';
import { isFinal, type CaptureSlot, type CaptureSource, type Retry, type RetryReason } from './state';

export type { CaptureSlot, CaptureSource, Retry, RetryReason } from './state';

const RETRY_MESSAGES: Record<RetryReason, Record<Locale, string>> = {
  not_recognized: {
    'pt-BR': 'Não conseguimos reconhecer o documento. Enquadre o documento inteiro, sem cortes, sobre uma superfície lisa.',
    en: 'We could not recognise the document. Fit the whole document in the frame, nothing cut off, on a flat surface.',
  },
  blurred: { 'pt-BR': 'A foto ficou desfocada. Segure o celular firme e espere a imagem ficar nítida.', en: 'The photo is blurred. Hold the phone steady and wait for a sharp image.' },
  glare: { 'pt-BR': 'Há reflexo de luz sobre o documento. Incline um pouco o documento ou saia de perto da lâmpada.', en: 'There is glare on the document. Tilt it a little or move away from the lamp.' },
  too_small: { 'pt-BR': 'O documento ficou pequeno na foto. Aproxime a câmera até ele ocupar a moldura.', en: 'The document is too small in the photo. Move closer until it fills the frame.' },
  no_face: { 'pt-BR': 'Não encontramos seu rosto. Centralize o rosto no oval, com boa luz.', en: 'We could not find your face. Centre it in the oval, in good light.' },
  face_too_small: { 'pt-BR': 'Seu rosto ficou pequeno. Aproxime o rosto da câmera até preencher o oval.', en: 'Your face is too small. Come closer until it fills the oval.' },
  too_dark: { 'pt-BR': 'Está escuro demais para ver seu rosto. Procure um lugar mais iluminado, com a luz à sua frente.', en: 'It is too dark to see your face. Find more light, with the light in front of you.' },
  hold_still: { 'pt-BR': 'A imagem do rosto ficou tremida. Segure a câmera firme e fique parado.', en: 'The picture of your face is shaky. Hold the camera steady and keep still.' },
  too_bright: { 'pt-BR': 'Há luz demais no seu rosto. Evite luz direta ou uma janela atrás de você.', en: 'There is too much light on your face. Avoid direct light or a window behind you.' },
  not_live: { 'pt-BR': 'Não conseguimos confirmar que é você ao vivo. Tire a selfie diretamente, sem fotos ou telas, em um lugar iluminado.', en: 'We could not confirm it is you, live. Take the selfie directly, no photos or screens, in a well-lit place.' },
  did_not_move: { 'pt-BR': 'Não vimos o movimento pedido. Faça o movimento devagar enquanto a câmera grava.', en: 'We did not see the movement asked for. Make it slowly while the camera records.' },
  different_person: { 'pt-BR': 'Apareceu mais de uma pessoa. Fique sozinho na frente da câmera.', en: 'More than one person appeared. Stay alone in front of the camera.' },
  flat_face: { 'pt-BR': 'Não conseguimos confirmar que é você ao vivo. Use seu próprio rosto, não uma foto.', en: 'We could not confirm it is you, live. Use your own face, not a photo.' },
  too_fast: { 'pt-BR': 'A gravação foi rápida demais. Tente de novo, com calma.', en: 'The recording was too quick. Try again, calmly.' },
  expired: { 'pt-BR': 'O tempo para o movimento acabou. Tente de novo.', en: 'The time for the movement ran out. Try again.' },
};


export const retryOf = (slot: CaptureSlot, reason: RetryReason, locale: Locale): Retry => ({ slot, reason, message: RETRY_MESSAGES[reason][locale] });

/** What a submission ends in: the process finished, or the person asked to capture some slots again. */
export type CaptureOutcome = { outcome: 'approved' | 'rejected' } | { outcome: 'retry'; retry: Retry[]; attemptsLeft: number };

/** Where a process stands on captures (kept in its result object). */
export interface CaptureState {
  attempts: number;
  /** The slots asked again after the last attempt, with why. */
  retry?: Retry[];
}

export function captureState(p: StepProcess): CaptureState {
  const r = p.result as { attempts?: number; retry?: Retry[] };
  return { attempts: r.attempts ?? 0, retry: r.retry };
}

export const maxAttempts = () => getConfig().STEP_MAX_CAPTURE_ATTEMPTS;

export function assertCapturing(p: StepProcess, kind: 'fraud' | 'liveness'): void {
  if (isFinal(p.status)) throw conflict('process_finished', `This process is already ${p.status}.`);
  if (p.kind !== kind) throw badRequest('wrong_step', `This is a ${p.kind} process.`);
  if (p.useIntroPage && !p.consentAt) throw badRequest('consent_required', 'Consent is required to continue.');
}

/** Integrators may require the camera (no file upload) per process: Atesta's addition to the start bodies. */
export const requiresLiveCapture = (p: StepProcess) => Boolean((p.options as { requireLiveCapture?: boolean }).requireLiveCapture);

export function assertSourceAllowed(p: StepProcess, source: CaptureSource): void {
  if (source === 'upload' && requiresLiveCapture(p)) {
    throw unprocessable('live_capture_required', 'This process requires a live camera capture; file upload is not accepted.');
  }
}

/** The stored pictures of a process, opened (data URLs as they were sent). */
export async function capturesOf(db: Executor, processId: string): Promise<Partial<Record<CaptureSlot, { image: string; source: CaptureSource }>>> {
  const rows = await db.select().from(schema.stepCaptures).where(eq(schema.stepCaptures.processId, processId));
  return Object.fromEntries(rows.map((r) => [r.slot, { image: open(r.imageEnc).toString('utf8'), source: r.source }]));
}

/** Keeps a picture (sealed: biometric data), replacing the slot's earlier one. */
export async function storeCapture(tx: Executor, processId: string, slot: CaptureSlot, image: string, source: CaptureSource): Promise<void> {
  await tx.delete(schema.stepCaptures).where(and(eq(schema.stepCaptures.processId, processId), eq(schema.stepCaptures.slot, slot)));
  await tx.insert(schema.stepCaptures).values({ processId, slot, imageEnc: seal(image), source });
}

/** One failed capture attempt as the console shows it: when, and why each slot was asked again. */
export interface AttemptRecord {
  at: string;
  reasons: { slot: CaptureSlot; reason: RetryReason }[];
}

export const attemptLogOf = (p: StepProcess): AttemptRecord[] => ((p.result as { attemptLog?: AttemptRecord[] }).attemptLog ?? []).slice();

/** Counts a failed attempt (and logs its reasons); at the limit the caller rejects the process. */
export async function recordRetry(tx: Executor, p: StepProcess, retry: Retry[]): Promise<{ attempts: number; exhausted: boolean }> {
  const attempts = captureState(p).attempts + 1;
  const attemptLog = [...attemptLogOf(p), { at: new Date().toISOString(), reasons: retry.map(({ slot, reason }) => ({ slot, reason })) }];
  await patchResult(tx, p.id, { attempts, retry, attemptLog });
  return { attempts, exhausted: attempts >= maxAttempts() };
}
