import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { seal, sha256Hex } from '../../platform/crypto';
import { getDb, isUniqueViolation, schema } from '../../platform/db';
import { unprocessable } from '../../platform/errors';
import { getLogger } from '../../platform/log';
import { channelAvailable, channelNotConfigured, kickMessages, type Locale } from '../../delivery/notify';
import { readSettings } from '../../platform/settings';
import { admitOnboarding } from './backlog';
import { stateOfCep } from './cep';
import { deleteObjectsQuietly } from '../../platform/storage';
import { prepareFile, storeMedia, type PreparedMedia } from './media';
import { enqueuePipeline } from './queue';
import { onboardingRecord, recordHistory, transition, withTransition, type Actor, type Onboarding } from './records';
import { issueToken, type ContactChannel } from './tokens';
import { onboardingView, type OnboardingRecord, type StoredBasicData } from './view';

/** SPEC 4.2 body (after validation), with Atesta's optional additions. */
export interface EnrolInput {
  cpf: string;
  customerId: string;
  imageFront: string;
  imageBack?: string;
  imageSelfie?: string;
  email?: string;
  phone?: string;
  zipCode?: string;
  callBackUrl?: string;
  basicAuth?: string;
  useTerms?: boolean;
  acceptedTermVersion?: number;
  rulesGroup?: string;
}

/** What was in force when the onboarding was accepted: later setting changes do not move it. */
export interface OnboardingPolicy {
  approveScore: number;
  rejectScore: number;
  confirmContacts: 'none' | 'given';
  rulesGroup?: string;
}

export interface EnrolOutcome {
  record: OnboardingRecord;
  /** True when an earlier request with the same Idempotency-Key is answered again. */
  replayed: boolean;
}

const MAX_IDEMPOTENCY_KEY = 255;

async function replay(integratorId: string, key: string, requestHash: string): Promise<EnrolOutcome | undefined> {
  const db = await getDb();
  const t = schema.onboardings;
  const [row] = await db.select().from(t).where(and(eq(t.integratorId, integratorId), eq(t.idempotencyKey, key)));
  if (!row) return undefined;
  if (row.requestHash !== requestHash) {
    throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was used with a different request body; use a new key for a new onboarding.');
  }
  return { record: await onboardingView(db, row), replayed: true };
}

/**
 * SPEC 4.2: checks the files, seals them into the object store, stores the
 * record with its audit entry and the contact tokens, and queues the
 * pipeline; answers at once.
 */
export async function enrol(integratorId: string, input: EnrolInput, opts: { idempotencyKey?: string | null; actor: Actor; locale?: Locale }): Promise<EnrolOutcome> {
  const key = opts.idempotencyKey?.trim() || undefined;
  if (key && key.length > MAX_IDEMPOTENCY_KEY) throw unprocessable('invalid_idempotency_key', `Idempotency-Key is at most ${MAX_IDEMPOTENCY_KEY} characters.`);
  const requestHash = sha256Hex(JSON.stringify(input));
  if (key) {
    const earlier = await replay(integratorId, key, requestHash);
    if (earlier) return earlier;
  }
  // After the replay: an onboarding already accepted is answered even under overload.
  await admitOnboarding();

  const settings = await readSettings(integratorId);
  const policy: OnboardingPolicy = { ...settings.onboarding, ...(input.rulesGroup ? { rulesGroup: input.rulesGroup } : {}) };
  const given: ContactChannel[] = [...(input.email ? (['email'] as const) : []), ...(input.phone ? (['sms'] as const) : [])];
  const mustConfirm = policy.confirmContacts === 'given' && given.length > 0;
  if (mustConfirm) for (const c of given) if (!channelAvailable(c)) throw channelNotConfigured(c);

  const files: PreparedMedia[] = await Promise.all([
    prepareFile(input.imageFront, 'imageFront', 'front'),
    ...(input.imageBack ? [prepareFile(input.imageBack, 'imageBack', 'back')] : []),
    ...(input.imageSelfie ? [prepareFile(input.imageSelfie, 'imageSelfie', 'selfie')] : []),
  ]);
  const id = crypto.randomUUID();
  const mediaRows = await storeMedia(id, files);
  const basicData: StoredBasicData = {
    useTerms: input.useTerms ?? null,
    acceptedTermVersion: input.acceptedTermVersion ?? null,
    cep: input.zipCode ?? null,
    state: input.zipCode ? stateOfCep(input.zipCode) : null,
    city: null,
  };
  const locale = opts.locale ?? getConfig().DEFAULT_LOCALE;
  const sendable = given.filter(channelAvailable);
  for (const c of given.filter((c) => !channelAvailable(c))) getLogger().warn({ onboardingId: id, channel: c }, 'contact token not sent: channel not configured');

  let created: { onboarding: Onboarding; eventIds: string[]; messageIds: string[] };
  try {
    created = await withTransition(async (tx) => {
      const [row] = await tx
        .insert(schema.onboardings)
        .values({
          id,
          integratorId,
          cpf: input.cpf,
          customerId: input.customerId,
          email: input.email?.toLowerCase() ?? null,
          phone: input.phone ?? null,
          zipCode: input.zipCode ?? null,
          callBackUrl: input.callBackUrl ?? null,
          basicAuthEnc: input.basicAuth ? seal(input.basicAuth) : null,
          idempotencyKey: key ?? null,
          requestHash,
          policy,
          basicData,
        })
        .returning();
      await tx.insert(schema.onboardingMedia).values(mediaRows);
      await recordHistory(tx, { onboardingId: id, action: 'transition', actor: opts.actor, to: 'STARTED' });
      const messageIds: string[] = [];
      for (const c of sendable) messageIds.push(await issueToken(tx, row!, c, locale));
      if (sendable.length) await recordHistory(tx, { onboardingId: id, action: 'tokens_sent', actor: 'system', reason: sendable.join(', ') });
      if (mustConfirm) {
        const moved = await transition(tx, id, 'PENDING', { actor: 'system', reason: `waiting for the person to confirm ${given.map((c) => (c === 'sms' ? 'phone' : 'e-mail')).join(' and ')}` });
        return { ...moved, messageIds };
      }
      return { onboarding: row!, eventIds: [], messageIds };
    });
  } catch (err) {
    await deleteObjectsQuietly(mediaRows.map((r) => r.objectKey));
    if (key && isUniqueViolation(err)) {
      const earlier = await replay(integratorId, key, requestHash);
      if (earlier) return earlier;
    }
    throw err;
  }
  await kickMessages(created.messageIds).catch(() => undefined); // the message sweep retries
  if (created.onboarding.status === 'STARTED') await enqueuePipeline([id]).catch((err) => getLogger().warn({ err, onboardingId: id }, 'pipeline not queued; the sweep will'));
  return { record: await onboardingRecord(integratorId, id), replayed: false };
}
