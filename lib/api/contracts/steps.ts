import { z } from 'zod';
import { cpfSchema, phoneSchema } from '../../engines/br';
import { defineContract } from '@/lib/platform/http/shared';
import { appRedirectProblem } from '@/lib/processes/steps/shared';
import { STEP_STATUSES } from '@/lib/processes/steps/shared';
import { basicAuthSchema, webhookUrlSchema } from '@/lib/delivery/webhooks/shared';

export const appRedirectSchema = z
  .string()
  .max(2048)
  .superRefine((v, ctx) => {
    const problem = appRedirectProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `appRedirect ${problem}.` });
  })
  .meta({
    description:
      'Where the person goes when the process ends: an https URL, an app link (myapp://done) or a path resolved against the integrator\'s app origin. `requestId`, `status` and `signature` are added to its query.',
    example: 'https://app.example.com/verified',
  });

/** SPEC: "boolean, required, default true": accepted when absent, as true. */
const pageFlag = (what: string) => z.boolean().default(true).meta({ description: `Show the ${what} page (default true).` });

/** A file field: base64 text or a data URL (image checks happen where the file is used). */
const fileField = (what: string) => z.string().min(1).meta({ description: `${what}: base64 or data URL (data:<mime>;base64,<data>).`, contentEncoding: 'base64' });

export const stepStartResponseSchema = z
  .object({
    requestProcessUrl: z.url().meta({ description: 'Capability URL the person opens; it carries a 256-bit secret. Send it to the person only.' }),
    requestId: z.uuid(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StepStartResponse' });

const common = {
  appRedirect: appRedirectSchema,
  webhookUrl: webhookUrlSchema.optional(),
  webhookBasicAuth: basicAuthSchema.optional(),
};

export const validationStartSchema = z
  .object({ cpf: cpfSchema, ...common, useIntroPage: pageFlag('intro'), useSuccessPage: pageFlag('success'), cellphone: phoneSchema })
  .meta({ id: 'ValidationStepRequest' });

/** Atesta's addition (like Stripe Identity's `require_live_capture`): no file upload, the camera only. */
const requireLiveCapture = z
  .boolean()
  .default(false)
  .meta({ description: 'Atesta addition: the person must capture the document with the camera; the file-upload fallback is not offered (default false).' });

export const fraudStartSchema = z
  .object({
    cpf: cpfSchema.optional(),
    ...common,
    useIntroPage: pageFlag('intro'),
    useSuccessPage: pageFlag('success'),
    selfieImage: fileField('Selfie to match the document face against').optional(),
    requireLiveCapture,
  })
  .meta({ id: 'FraudStepRequest' });

export const livenessStartSchema = z
  .object({ cpf: cpfSchema, ...common, useIntroPage: pageFlag('intro'), useSuccessPage: pageFlag('success') })
  .meta({ id: 'LivenessStepRequest' });

export const mfaStartSchema = z
  .object({
    cpf: cpfSchema,
    ...common,
    cellphone: z.string().regex(/^\d{10,11}$/, 'cellphone must have 10 or 11 digits').optional().meta({ description: '10 or 11 digits; receives the code.' }),
    email: z.email().max(254).optional().meta({ description: 'Receives the code.' }),
  })
  .superRefine((v, ctx) => {
    if (!v.cellphone && !v.email) ctx.addIssue({ code: 'custom', path: ['cellphone'], message: 'Give cellphone, email or both: the code must go somewhere.' });
  })
  .meta({ id: 'MfaStepRequest' });

export const fraudKeyStartSchema = z
  .object({ cpf: cpfSchema, ...common, selfieImage: fileField('Selfie, base64 image').optional(), requireLiveCapture })
  .meta({ id: 'FraudStepKeyRequest' });

export const livenessKeyStartSchema = z.object({ cpf: cpfSchema, ...common }).meta({ id: 'LivenessStepKeyRequest' });

const ts = z.iso.datetime();
export const bearerResultSchema = z
  .object({
    requestId: z.uuid().meta({ description: 'Atesta addition.' }),
    status: z.enum(STEP_STATUSES).meta({ description: 'Atesta addition: process status.' }),
    finishedAt: ts.nullable().meta({ description: 'Atesta addition.' }),
    validationResponse: z
      .object({ createdAt: ts, requestId: z.uuid(), phoneNumber: z.number().nullable(), isCodeValid: z.boolean() })
      .optional(),
    livenessResponse: z.object({ selfieImage: z.string().optional(), createdAt: ts, requestId: z.uuid(), isAlive: z.boolean() }).optional(),
    fraudResponse: z
      .object({
        createdAt: ts,
        requestId: z.uuid(),
        documentImage: z.string().optional(),
        scoreResult: z.record(z.string(), z.unknown()).optional(),
        extractResult: z.object({ ocr: z.record(z.string(), z.unknown()) }).optional(),
        faceMatchResult: z.object({ createdAt: ts, requestId: z.uuid(), similarity: z.number(), isMatch: z.boolean() }).optional(),
      })
      .optional(),
  })
  .meta({ id: 'StepResult', description: 'SPEC 2.3: only the part of the process type is present.' });

export const keyResultSchema = z
  .object({
    requestId: z.uuid(),
    status: z.enum(STEP_STATUSES),
    details: z.record(z.string(), z.unknown()).optional().meta({ description: 'Per-step members: isCodeValid, channel, destination (masked), failedAttempts, livenessResult (string), fraudScore (number), statusReason.' }),
    finishedAt: ts.optional(),
  })
  .meta({ id: 'StepKeyResult', description: 'SPEC 2.4.' });

const requestIdParams = z.object({ requestId: z.string().max(100) });
const startErrors = [422, 503];

function start<S extends z.ZodType>(path: string, operationId: string, summary: string, schema: S, auth: 'bearer' | 'apiKey', limit: 'default' | 'media' = 'default') {
  return defineContract({
    method: 'POST',
    path,
    bases: [auth === 'bearer' ? 'services' : 'onboarding'],
    operationId,
    summary,
    tags: ['Steps'],
    auth,
    scope: 'services',
    body: { schema, limit: limit as 'default' | 'media' },
    responses: { 200: { description: 'Started (SPEC 2.1 StepStartResponse)', schema: stepStartResponseSchema } },
    errors: startErrors,
  });
}

export const startValidation = start('/services/api/v1/steps/validation', 'startValidationStep', 'Start an SMS validation process (SPEC 4.11)', validationStartSchema, 'bearer');
export const startFraud = start('/services/api/v1/steps/fraud', 'startFraudStep', 'Start a document fraud process (SPEC 4.12)', fraudStartSchema, 'bearer', 'media');
export const startLiveness = start('/services/api/v1/steps/liveness', 'startLivenessStep', 'Start a selfie liveness process (SPEC 4.13)', livenessStartSchema, 'bearer');
export const startMfa = start('/onboarding/api/v1/steps/mfa', 'startMfaStep', 'Start an MFA process: code by SMS and/or e-mail (SPEC 4.15)', mfaStartSchema, 'apiKey');
export const startFraudKey = start('/onboarding/api/v1/steps/fraud', 'startFraudStepKey', 'Start a document fraud process (SPEC 4.16)', fraudKeyStartSchema, 'apiKey', 'media');
export const startLivenessKey = start('/onboarding/api/v1/steps/liveness', 'startLivenessStepKey', 'Start a selfie liveness process (SPEC 4.17)', livenessKeyStartSchema, 'apiKey');

export const bearerResult = defineContract({
  method: 'GET',
  path: '/services/api/v1/steps/result/{requestId}',
  bases: ['services'],
  operationId: 'getStepResult',
  summary: 'Result of a step process (SPEC 4.14, shape 2.3)',
  tags: ['Steps'],
  auth: 'bearer',
  scope: 'services',
  params: requestIdParams,
  responses: { 200: { description: 'The result so far', schema: bearerResultSchema } },
});

export const keyResult = defineContract({
  method: 'GET',
  path: '/onboarding/api/v1/steps/result/{requestId}',
  bases: ['onboarding'],
  operationId: 'getStepResultKey',
  summary: 'Result of a step process (SPEC 4.18, shape 2.4)',
  tags: ['Steps'],
  auth: 'apiKey',
  params: requestIdParams,
  responses: { 200: { description: 'The result so far', schema: keyResultSchema } },
});

export const cancelBearer = defineContract({
  method: 'POST',
  path: '/services/api/v1/steps/{requestId}/cancel',
  bases: ['services'],
  operationId: 'cancelStep',
  summary: 'Cancel a process that has not finished',
  description: 'The link stops working; the webhook receives step.canceled. A finished process answers 409 illegal_transition.',
  tags: ['Steps'],
  auth: 'bearer',
  scope: 'services',
  params: requestIdParams,
  responses: { 200: { description: 'Canceled; the result (2.3)', schema: bearerResultSchema } },
  errors: [409],
});

export const cancelKey = defineContract({
  method: 'POST',
  path: '/onboarding/api/v1/steps/{requestId}/cancel',
  bases: ['onboarding'],
  operationId: 'cancelStepKey',
  summary: 'Cancel a process that has not finished',
  tags: ['Steps'],
  auth: 'apiKey',
  params: requestIdParams,
  responses: { 200: { description: 'Canceled; the result (2.4)', schema: keyResultSchema } },
  errors: [409],
});
