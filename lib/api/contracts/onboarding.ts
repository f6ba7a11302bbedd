import { z } from 'zod';
import { cepSchema, phoneSchema } from '../../engines/br';
import { defineContract } from '@/lib/platform/http/shared';
import { ONBOARDING_STATUSES } from '@/lib/processes/onboarding/shared';
import { basicAuthSchema, webhookUrlSchema } from '@/lib/delivery/webhooks/shared';
import { scoreResultSchema } from './fraud';
import { ocrResultSchema } from './ocr';

const file = (what: string) => z.string().min(1).meta({ description: `${what}: base64 or data URL. JPEG, PNG or PDF; at most 10 MB, 40 megapixels, 10 PDF pages.` });

export const enrolRequestSchema = z
  .object({
    cpf: z.string().regex(/^\d{11}$/, 'CPF must be 11 digits').meta({ description: 'CPF, 11 digits. A CPF whose check digits fail is processed and REJECTED (CPF_INVALIDO).', example: '52998224725' }),
    customerId: z.string().trim().min(1).max(200).meta({ description: 'Your identifier of the person.' }),
    imageFront: file('Document front, or front and back merged, or PDF'),
    imageBack: file('Document back').optional(),
    imageSelfie: file('Selfie (a PDF is read from its first page)').optional(),
    email: z.email().max(254).optional(),
    phone: phoneSchema.optional(),
    zipCode: cepSchema.optional(),
    callBackUrl: webhookUrlSchema.optional(),
    basicAuth: basicAuthSchema.optional(),
    useTerms: z.boolean().optional().meta({ description: 'Atesta addition: the person accepted your terms of use (echoed in basicData).' }),
    acceptedTermVersion: z.number().int().min(0).optional().meta({ description: 'Atesta addition: version of the terms accepted (echoed in basicData).' }),
    rulesGroup: z.string().max(60).regex(/^[\w.-]+$/).optional().meta({ description: 'Atesta addition: the fraud rules group whose weights apply.' }),
  })
  .meta({ id: 'OnboardingRequest' });

export const basicDataSchema = z
  .object({
    useTerms: z.boolean().nullable(),
    acceptedTermVersion: z.number().int().nullable(),
    firstName: z.string().nullable().meta({ description: 'From the name read on the document.' }),
    fullName: z.string().nullable().meta({ description: 'The name read on the document, as printed.' }),
    cep: z.string().nullable(),
    city: z.string().nullable().meta({ description: 'Null: Atesta does not hold the CEP directory (docs/onboarding.md).' }),
    state: z.string().nullable().meta({ description: 'UF, from the CEP ranges.' }),
    email: z.string().nullable(),
    emailToken: z.null().meta({ description: 'Always null: the token goes to the person only; it is stored as a keyed hash.' }),
    emailConfirmed: z.boolean(),
    emailTokenExpiresAt: z.iso.datetime().nullable(),
    cellphone: z.number().nullable(),
    smsToken: z.null().meta({ description: 'Always null: the token goes to the person only; it is stored as a keyed hash.' }),
    tokenConfirmed: z.boolean().meta({ description: 'The phone was confirmed with the SMS token.' }),
    smsTokenExpiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OnboardingBasicData' });

export const onboardingRecordSchema = z
  .object({
    onboardingId: z.uuid(),
    cpf: z.string().meta({ description: 'Empty after erasure.' }),
    customerId: z.string(),
    status: z.enum(ONBOARDING_STATUSES).meta({ description: 'See docs/onboarding.md, Lifecycle.' }),
    statusReason: z.string().nullable(),
    faceMatch: z
      .object({ similarity: z.number().meta({ description: '0 to 100 on the calibrated scale.' }), match: z.boolean() })
      .nullable()
      .meta({ id: 'OnboardingFaceMatch', description: 'SPEC 2.1 FaceMatch: the selfie against the document portrait; null without a selfie or before processing.' }),
    basicData: basicDataSchema,
    scoreData: scoreResultSchema.nullable().meta({ description: 'Null until processed.' }),
    ocrData: ocrResultSchema.nullable().meta({ description: 'Null until processed.' }),
    resolution: z
      .object({ decision: z.enum(['approve', 'reject']), reason: z.string(), by: z.string(), at: z.iso.datetime() })
      .nullable()
      .meta({ description: 'Atesta addition: the reviewer\'s decision that made it RESOLVED.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Onboarding' });

const idParams = z.object({ onboardingId: z.string().min(1).max(100) });
const common = { tags: ['Onboarding'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const] };

export const enrol = defineContract({
  ...common,
  method: 'POST',
  path: '/services/api/v1/onboarding/enroll/json',
  operationId: 'enrolOnboarding',
  summary: 'Enrol a person (SPEC 4.2)',
  description:
    'Answers at once with the record (status STARTED, or PENDING when contacts must be confirmed first); the pipeline runs in the background and `callBackUrl` receives `onboarding.status_changed` and `onboarding.completed`. Send an `Idempotency-Key` header to make retries safe: the same key with the same body returns the same onboarding (200, `Idempotent-Replayed: true`); with another body it is 422 `idempotency_key_reused`.',
  body: { schema: enrolRequestSchema, limit: 'media' },
  responses: {
    201: { description: 'Accepted', schema: onboardingRecordSchema },
    200: { description: 'Replay of an earlier request with the same Idempotency-Key', schema: onboardingRecordSchema, headers: { 'Idempotent-Replayed': 'true' } },
  },
  errors: [413, 415, 422, 503],
});

export const getOnboarding = defineContract({
  ...common,
  method: 'GET',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}',
  operationId: 'getOnboarding',
  summary: 'The onboarding record (SPEC 4.3)',
  params: idParams,
  responses: { 200: { description: 'The record', schema: onboardingRecordSchema } },
});

export const eraseOnboarding = defineContract({
  ...common,
  method: 'DELETE',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}',
  operationId: 'eraseOnboarding',
  summary: "Erase a person's data (LGPD art. 18)",
  description:
    'Deletes the pictures and face templates, nulls every personal field (CPF, customer id, contacts, OCR, score) and redacts the webhook payloads; the record keeps its status history. An onboarding still running is CANCELED first. Admin role for console users.',
  params: idParams,
  responses: { 204: { description: 'Erased' } },
});

export const cancelOnboarding = defineContract({
  ...common,
  method: 'POST',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}/cancel',
  operationId: 'cancelOnboarding',
  summary: 'Cancel an onboarding that has not reached a final status',
  params: idParams,
  body: { schema: z.object({ reason: z.string().trim().max(500).optional() }).meta({ id: 'OnboardingCancelRequest' }) },
  responses: { 200: { description: 'Canceled', schema: onboardingRecordSchema } },
  errors: [409],
});

const channel = z.enum(['email', 'sms']).meta({ description: '`email` (the e-mail token) or `sms` (the SMS token).' });

export const confirmContact = defineContract({
  ...common,
  method: 'POST',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}/confirm',
  operationId: 'confirmOnboardingContact',
  summary: 'Confirm the e-mail or phone with the token the person received',
  description: 'Sets basicData.emailConfirmed or tokenConfirmed. Five wrong tokens spend it (409 `token_locked`: send a new one). When the integrator requires confirmation, the last one starts processing (PENDING to PROCESSING).',
  params: idParams,
  body: { schema: z.object({ channel, token: z.string().regex(/^\d{6}$/, 'the token has 6 digits') }).meta({ id: 'OnboardingConfirmRequest' }) },
  responses: { 200: { description: 'Confirmed', schema: onboardingRecordSchema } },
  errors: [409, 422],
});

export const resendToken = defineContract({
  ...common,
  method: 'POST',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}/tokens',
  operationId: 'resendOnboardingToken',
  summary: 'Send a new e-mail or SMS token',
  description: `A new token replaces the old one. One send per ${60} s (STEP_RESEND_COOLDOWN_SECONDS, 429 \`rate_limited\` with Retry-After otherwise), at most 5 per contact (429 \`resend_limit\`).`,
  params: idParams,
  body: { schema: z.object({ channel }).meta({ id: 'OnboardingResendRequest' }) },
  responses: { 200: { description: 'Sent; the new expiry is in basicData', schema: onboardingRecordSchema } },
  errors: [409, 429, 503],
});

export const historyEntrySchema = z
  .object({
    action: z.enum(['transition', 'media_purged', 'erased', 'contact_confirmed', 'tokens_sent']),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    reason: z.string().nullable(),
    actor: z.string().meta({ description: '`system`, `integrator` (API credentials) or `user:<id>`.' }),
    at: z.iso.datetime(),
  })
  .meta({ id: 'OnboardingHistoryEntry' });

export const onboardingHistory = defineContract({
  ...common,
  method: 'GET',
  path: '/services/api/v1/onboarding/enroll/{onboardingId}/history',
  operationId: 'getOnboardingHistory',
  summary: 'Audit trail: every status change and act on personal data, with time and actor',
  params: idParams,
  responses: { 200: { description: 'Oldest first', schema: z.object({ items: z.array(historyEntrySchema) }) } },
});

export const reviewItemSchema = z
  .object({
    onboardingId: z.uuid(),
    customerId: z.string(),
    cpf: z.string().meta({ description: 'Masked: ***.456.789-**.' }),
    score: z.number().nullable(),
    penalties: z.array(z.string()).meta({ description: 'Names of the rules that fired.' }),
    statusReason: z.string().nullable(),
    waitingSince: z.iso.datetime(),
  })
  .meta({ id: 'ReviewQueueItem' });

export const listReviews = defineContract({
  ...common,
  tags: ['Review'],
  method: 'GET',
  path: '/services/api/v1/onboarding/reviews',
  operationId: 'listReviews',
  summary: 'Onboardings waiting for manual review (ANALYSIS), oldest first',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    after: z.string().max(200).optional().meta({ description: 'Cursor: `nextCursor` of the previous page.' }),
  }),
  responses: { 200: { description: 'A page', schema: z.object({ items: z.array(reviewItemSchema), nextCursor: z.string().nullable() }) } },
});

const dataUrl = z.string().nullable().meta({ description: 'JPEG/PNG data URL; null when not sent or already purged.' });

export const reviewDetailSchema = z
  .object({
    onboarding: onboardingRecordSchema,
    images: z.object({
      front: dataUrl,
      back: dataUrl,
      selfie: dataUrl,
      portrait: dataUrl.meta({ description: 'The document portrait the analysis cropped (compared with the selfie); null when none was found.' }),
    }),
    liveness: z
      .object({ alive: z.boolean(), score: z.number(), reasons: z.array(z.string()) })
      .nullable()
      .meta({ description: 'Passive liveness of the selfie; null without a selfie.' }),
    fieldSides: z.record(z.string(), z.enum(['front', 'back'])).meta({ description: 'OCR field key → the picture it was read on (its bbox is in that picture\'s pixels).' }),
    mediaPurgedAt: z.iso.datetime().nullable(),
    history: z.array(
      historyEntrySchema
        .extend({ actorName: z.string().nullable().meta({ description: 'Username of a `user:<id>` actor; null for the others.' }) })
        .meta({ id: 'ReviewHistoryEntry' }),
    ),
    resolvedBy: z.string().nullable().meta({ description: 'Username of the reviewer who decided (see onboarding.resolution).' }),
  })
  .meta({ id: 'ReviewDetail' });

export const getReview = defineContract({
  ...common,
  tags: ['Review'],
  method: 'GET',
  path: '/services/api/v1/onboarding/reviews/{onboardingId}',
  operationId: 'getReview',
  summary: 'Everything a reviewer needs: record (OCR fields, penalties, face match), pictures, history',
  params: idParams,
  responses: { 200: { description: 'Review file', schema: reviewDetailSchema } },
});

export const decideReview = defineContract({
  ...common,
  tags: ['Review'],
  method: 'POST',
  path: '/services/api/v1/onboarding/reviews/{onboardingId}/decision',
  operationId: 'decideReview',
  summary: 'Approve or reject an onboarding in ANALYSIS (becomes RESOLVED)',
  description: 'Roles admin or analyst. Approval enrols the face in the face index. Fires onboarding.status_changed and onboarding.completed.',
  roles: ['admin', 'analyst'],
  params: idParams,
  body: {
    schema: z
      .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().min(3).max(500) })
      .meta({ id: 'ReviewDecisionRequest' }),
  },
  responses: { 200: { description: 'Resolved', schema: onboardingRecordSchema } },
  errors: [403, 409],
});
