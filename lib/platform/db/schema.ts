import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A tenant: a bank, fintech or marketplace that calls the API. Every stored resource belongs to one. */
export const integrators = pgTable('integrators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  /** Standard Webhooks signing secret, encrypted with the master key (it must be readable to sign). */
  webhookSecretEnc: text('webhook_secret_enc').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'analyst', 'viewer'] }).notNull().default('admin'),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`)],
);

/** x-api-key credentials. Only a SHA-256 of the key is kept; the prefix lets people tell keys apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_integrator_idx').on(t.integratorId)],
);

/** OAuth 2.0 confidential clients for the client_credentials grant (the import API's {auth_url}). */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_clients_client_id_uq').on(t.clientId)],
);

/** A login session (its id is the token response's session_state). */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    userId: uuid('user_id').references(() => users.id),
    clientId: uuid('client_id').references(() => apiClients.id),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_expires_idx').on(t.expiresAt)],
);

/** Opaque refresh tokens, stored hashed; each use rotates to a new row (RFC 9700 reuse detection). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull().references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** JWT signing keys, generated at first start; the private half is encrypted with the master key. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwkEnc: text('private_jwk_enc').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every process (login throttling). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Transactional outbox of webhook events: written in the same transaction as
 * the state change, delivered by the worker, at least once, same id on every try.
 */
/**
 * An integrator's standing subscription (Stripe-style): every event of the
 * listed types goes to its URL, beside the per-process callBackUrl/webhookUrl
 * that receives only the final result.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    description: text('description'),
    basicAuthEnc: text('basic_auth_enc'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_integrator_idx').on(t.integratorId)],
);

/** Orders the events of one subject: a receiver drops a payload older than the one it holds. */
export const webhookEventSequence = pgSequence('webhook_event_sequence');

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    type: text('type').notNull(),
    /** Id of the resource the event is about (onboardingId, requestId, batchId). */
    subjectId: text('subject_id'),
    /** Null: the process's own callBackUrl/webhookUrl; else the subscription it was sent for. */
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }),
    url: text('url').notNull(),
    basicAuthEnc: text('basic_auth_enc'),
    /** The JSON body sent, sealed (it carries personal data). */
    payloadEnc: text('payload_enc').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_events_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_events_integrator_idx').on(t.integratorId, t.createdAt),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id').notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    /** Whether this attempt was triggered by the integrator (redeliver) rather than the schedule. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('webhook_attempts_event_idx').on(t.eventId, t.attemptedAt)],
);

/** Messages a person must read (codes): SMS or e-mail, through a transport or the local outbox. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').references(() => integrators.id),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** Sealed with the master key: it carries one-time codes. */
    bodyEnc: text('body_enc').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('messages_recipient_idx').on(t.recipient, t.createdAt), index('messages_status_idx').on(t.status, t.createdAt)],
);

/** Per-integrator settings of the hosted pages and processes. */
export const integratorSettings = pgTable('integrator_settings', {
  integratorId: uuid('integrator_id').primaryKey().references(() => integrators.id),
  /** Origin that relative appRedirect paths are resolved against, e.g. https://app.example.com. */
  appOrigin: text('app_origin'),
  stepLifetimeSeconds: integer('step_lifetime_seconds'),
  displayName: text('display_name'),
  primaryColor: text('primary_color'),
  supportText: text('support_text'),
  logoMime: text('logo_mime'),
  logoData: text('logo_data'),
  /** Per language: texts that replace the intro and final pages' own ({ 'pt-BR': { introTitle, … } }). */
  pageCopy: jsonb('page_copy'),
  privacyUrl: text('privacy_url'),
  termsUrl: text('terms_url'),
  /** The name SMS and e-mail codes are sent under ("Seu código Banco Verde é …"); null: the display name. */
  smsSender: text('sms_sender'),
  /** Hides the footer's "Verificação por Atesta". */
  hideCredit: boolean('hide_credit').notNull().default(false),
  /** Face-match decision threshold on the similarity scale (default from calibration). */
  faceMatchThreshold: doublePrecision('face_match_threshold'),
  /** Passive liveness: attack score (0..1) above which a selfie is rejected. */
  livenessThreshold: doublePrecision('liveness_threshold'),
  /** Onboarding decision: score at or above it (no hard stop) is DONE; null = ONBOARDING_APPROVE_SCORE. */
  onboardingApproveScore: integer('onboarding_approve_score'),
  /** Under it the onboarding is REJECTED; between the two it goes to manual review (ANALYSIS). */
  onboardingRejectScore: integer('onboarding_reject_score'),
  /** Contacts that must be confirmed before processing: none, email, phone or both (the ones given). */
  onboardingConfirmContacts: text('onboarding_confirm_contacts', { enum: ['none', 'given'] }),
  /** Days after the final status before pictures and face templates are purged; null = ONBOARDING_RETENTION_DAYS. */
  onboardingRetentionDays: integer('onboarding_retention_days'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Face index (1:N): one enrolled face per row, the template sealed with the
 * master key (biometric data, LGPD art. 11). Searched by an exact scan of the
 * decrypted templates; see docs/face.md "Face index".
 */
export const faceTemplates = pgTable(
  'face_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    cpf: text('cpf').notNull(),
    /** Caller's reference (onboarding id, customer id). */
    reference: text('reference'),
    templateSealed: text('template_sealed').notNull(),
    /** The template was described from a printed portrait (a document's): compared on the scale of its kind of pair. */
    printed: boolean('printed').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('face_templates_integrator_idx').on(t.integratorId), index('face_templates_cpf_idx').on(t.integratorId, t.cpf)],
);

/** A hosted step process (SPEC 4.11 to 4.18): started by the integrator, completed by a person. */
export const stepProcesses = pgTable(
  'step_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id').notNull().references(() => integrators.id),
    kind: text('kind', { enum: ['validation', 'fraud', 'liveness', 'mfa'] }).notNull(),
    /** Which API started it: decides the result shape of its webhook (2.3 or 2.4). */
    api: text('api', { enum: ['bearer', 'apiKey'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELED'] }).notNull().default('PENDING'),
    statusReason: text('status_reason'),
    cpf: text('cpf'),
    appRedirect: text('app_redirect').notNull(),
    useIntroPage: boolean('use_intro_page').notNull().default(true),
    useSuccessPage: boolean('use_success_page').notNull().default(true),
    webhookUrl: text('webhook_url'),
    webhookBasicAuthEnc: text('webhook_basic_auth_enc'),
    cellphone: text('cellphone'),
    email: text('email'),
    secretHash: text('secret_hash').notNull(),
    /** Kind-specific inputs (e.g. a sealed selfie reference for the fraud step). */
    options: jsonb('options').notNull().default({}),
    /** Kind-specific outcome, the source of the result objects. */
    result: jsonb('result').notNull().default({}),
    locale: text('locale'),
    consentAt: ts('consent_at'),
    createdAt: createdAt(),
    openedAt: ts('opened_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('step_processes_integrator_idx').on(t.integratorId, t.createdAt), index('step_processes_expiry_idx').on(t.status, t.expiresAt)],
);

/** Browser sessions of a process (cookie token stored hashed). */
export const stepSessions = pgTable(
  'step_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    processId: uuid('process_id').notNull().references(() => stepProcesses.id, { onDelete: 'cascade' }),
    /** Opened with a desktop's handoff link: the phone never offers a handoff itself, and at the end tells the person to go back to the computer. */
    viaHandoff: boolean('via_handoff').notNull().default(false),
    /** What this device said it is doing (capturing, sending), for the desktop that handed over; and when. */
    activity: text('activity'),
    activityAt: ts('activity_at'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('step_sessions_process_idx').on(t.processId)],
);

/** The one-time code of a validation or MFA process (HMAC of the code, never the code). */
export const stepCodes = pgTable('step_codes', {
  processId: uuid('process_id').primaryKey().references(() => stepProcesses.id, { onDelete: 'cascade' }),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  destination: text('destination').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  resends: integer('resends').notNull().default(0),
  lastSentAt: ts('last_sent_at').notNull(),
  verifiedAt: ts('verified_at'),
});

/**
 * Pictures a person captured in a fraud or liveness process (biometric data:
 * sealed with the master key). One row per slot; a retake replaces it.
 */
export const stepCaptures = pgTable(
  'step_captures',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => stepProcesses.id, { onDelete: 'cascade' }),
    /** `front`, `back` (document) or `selfie`. */
    slot: text('slot', { enum: ['front', 'back', 'selfie'] }).notNull(),
    imageEnc: text('image_enc').notNull(),
    source: text('source', { enum: ['camera', 'upload'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.slot] })],
);

/** One-time links that continue a process on another device (desktop to phone): only the token's hash is kept. */
export const stepHandoffs = pgTable(
  'step_handoffs',
  {
    tokenHash: text('token_hash').primaryKey(),
    processId: uuid('process_id')
      .notNull()
      .references(() => stepProcesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('step_handoffs_process_idx').on(t.processId)],
);

/** CPFs an integrator refuses (fraud rule CPF_BLOQUEADO); managed through the deny-list API. */
export const denyList = pgTable(
  'deny_list',
  {
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    cpf: text('cpf').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.integratorId, t.cpf] })],
);

/** A rule's weight or switch changed by an integrator, for every analysis (`rules_group` '') or one rulesGroup. */
export const fraudRuleSettings = pgTable(
  'fraud_rule_settings',
  {
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    rulesGroup: text('rules_group').notNull().default(''),
    ruleName: text('rule_name').notNull(),
    weight: integer('weight'),
    enabled: boolean('enabled'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integratorId, t.rulesGroup, t.ruleName] })],
);

/** One fraud analysis: its per-integrator sequence number (ScoreResult.statistics.batchId) and outcome, without images. */
export const fraudAnalyses = pgTable(
  'fraud_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    sequence: integer('sequence').notNull(),
    methodName: text('method_name').notNull(),
    cpf: text('cpf').notNull(),
    customerId: text('customer_id'),
    rulesGroup: text('rules_group'),
    score: integer('score').notNull(),
    hardStop: boolean('hard_stop').notNull(),
    penalties: jsonb('penalties').notNull(),
    totalTimeMs: integer('total_time_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fraud_analyses_sequence_idx').on(t.integratorId, t.sequence), index('fraud_analyses_created_idx').on(t.integratorId, t.createdAt)],
);

/**
 * Sealed objects of the default object store (lib/platform/storage): the value is
 * already AES-256-GCM ciphertext (master key), never a readable picture.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  sealed: bytea('sealed').notNull(),
  createdAt: createdAt(),
});

/** SPEC 2.2: one enrolment. Personal fields are nulled on erasure; the audit facts stay. */
export const onboardings = pgTable(
  'onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    status: text('status', { enum: ['STARTED', 'PENDING', 'PROCESSING', 'ANALYSIS', 'DONE', 'REJECTED', 'CANCELED', 'ERROR', 'BLACKLISTED', 'RESOLVED'] })
      .notNull()
      .default('STARTED'),
    statusReason: text('status_reason'),
    cpf: text('cpf'),
    customerId: text('customer_id'),
    email: text('email'),
    phone: text('phone'),
    zipCode: text('zip_code'),
    callBackUrl: text('call_back_url'),
    basicAuthEnc: text('basic_auth_enc'),
    /** Idempotency-Key header and the hash of the body it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** Thresholds, rules group and confirmation policy in force when it was accepted. */
    policy: jsonb('policy').notNull().default({}),
    /** basicData without the tokens (they live hashed in onboarding_tokens). */
    basicData: jsonb('basic_data').notNull().default({}),
    ocrData: jsonb('ocr_data'),
    scoreData: jsonb('score_data'),
    faceMatch: jsonb('face_match'),
    /** Pipeline checkpoints: which steps finished, when, and how long they took. */
    pipeline: jsonb('pipeline').notNull().default({}),
    /** The reviewer's decision on an ANALYSIS onboarding. */
    resolution: jsonb('resolution'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    /** The worker (workers.id) holding the lease: a gone worker's lease is taken over at once, not at expiry. */
    leaseOwner: text('lease_owner'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    mediaPurgedAt: ts('media_purged_at'),
    erasedAt: ts('erased_at'),
  },
  (t) => [
    index('onboardings_integrator_idx').on(t.integratorId, t.createdAt),
    index('onboardings_status_idx').on(t.status, t.updatedAt),
    uniqueIndex('onboardings_idempotency_uq').on(t.integratorId, t.idempotencyKey),
  ],
);

/** Pictures and the face template of an onboarding: references into the object store (sealed there). */
export const onboardingMedia = pgTable(
  'onboarding_media',
  {
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    /** `portrait`: the document face crop the analysis found, kept for the reviewer. */
    slot: text('slot', { enum: ['front', 'back', 'selfie', 'portrait', 'template'] }).notNull(),
    objectKey: text('object_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.onboardingId, t.slot] })],
);

/** Audit trail: every status change and every act on personal data, with time and actor. */
export const onboardingHistory = pgTable(
  'onboarding_history',
  {
    /** Order of the entries (several may share one transaction's timestamp). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['transition', 'media_purged', 'erased', 'contact_confirmed', 'tokens_sent'] }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    /** `system`, `integrator` (API credentials) or `user:<id>` (a console user). */
    actor: text('actor').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('onboarding_history_idx').on(t.onboardingId, t.id)],
);

/** E-mail and SMS confirmation tokens: a keyed hash, never the token. */
export const onboardingTokens = pgTable(
  'onboarding_tokens',
  {
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [primaryKey({ columns: [t.onboardingId, t.channel] })],
);

/** Batch-import workflows of an integrator: which document types a batch may carry and its checklist. */
export const importWorkflows = pgTable(
  'import_workflows',
  {
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    alias: text('alias').notNull(),
    description: text('description'),
    /** typeParentAlias or typeRecognized values accepted (CNH, RG_FRENTE…); empty = any recognised document. */
    expectedTypes: jsonb('expected_types').notNull().default([]),
    /** Checklist applied to the batch's activities (code, version, group). */
    checklist: jsonb('checklist'),
    webhookUrl: text('webhook_url'),
    webhookBasicAuthEnc: text('webhook_basic_auth_enc'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integratorId, t.alias] })],
);

/** SPEC 4.19: one batch as received, with its state. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integratorId: uuid('integrator_id')
      .notNull()
      .references(() => integrators.id),
    batchExternalId: text('batch_external_id').notNull(),
    workflowAlias: text('workflow_alias').notNull(),
    status: text('status', { enum: ['RECEIVED', 'PROCESSING', 'DONE', 'PARTIAL', 'FAILED'] }).notNull().default('RECEIVED'),
    /** Hash of the request body: an identical repeat is answered with the same batch. */
    requestHash: text('request_hash').notNull(),
    /** batchOrigin, siteAlias, activityGroup, workflowPresetAlias, keys, externalKeys, batchActivitys as sent. */
    attributes: jsonb('attributes').notNull().default({}),
    docCount: integer('doc_count').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('import_batches_external_uq').on(t.integratorId, t.batchExternalId), index('import_batches_status_idx').on(t.status)],
);

/** One document of a batch: its attributes as sent, where its file is (sealed), and its analysis. */
export const importDocs = pgTable(
  'import_docs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name'),
    /** Doc fields of SPEC 2.6 other than the file itself (typeAlias, keys, docActivitys, externalKeys…). */
    attributes: jsonb('attributes').notNull().default({}),
    objectKey: text('object_key'),
    status: text('status', { enum: ['PENDING', 'PROCESSING', 'DONE', 'REJECTED', 'FAILED'] }).notNull().default('PENDING'),
    rejectCode: text('reject_code'),
    docRejectPhase: integer('doc_reject_phase'),
    rejectReason: text('reject_reason'),
    contentType: text('content_type'),
    fileSize: integer('file_size'),
    qtdePages: integer('qtde_pages'),
    typeRecognized: text('type_recognized'),
    ocr: jsonb('ocr'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: ts('lease_until'),
    /** The worker (workers.id) holding the lease: a gone worker's lease is taken over at once, not at expiry. */
    leaseOwner: text('lease_owner'),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('import_docs_position_uq').on(t.batchId, t.position), index('import_docs_status_idx').on(t.status)],
);

/**
 * Worker processes alive now: each beats every few seconds. A lease whose
 * owner is not here (killed, or silent too long) is free to take.
 */
export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: createdAt(),
  beatAt: timestamp('beat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
