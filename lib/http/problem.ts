import { z } from 'zod';
import { AppError } from '../errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 problem details, with our stable `code`, the request id and field errors. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'URI naming the problem type: `urn:atesta:problem:<code>`.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional().meta({ description: 'Path of the request that failed.' }),
    code: z.string().meta({ description: 'Stable machine-readable error code (see /docs#errors).' }),
    requestId: z.string().meta({ description: 'Also sent as the x-request-id response header.' }),
    errors: z
      .array(z.object({ pointer: z.string(), message: z.string(), code: z.string().optional() }))
      .optional()
      .meta({ description: 'Field errors, each located by a JSON Pointer into the request body.' }),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

export function problemBody(err: AppError, requestId: string, instance?: string): Problem & Record<string, unknown> {
  return {
    type: `urn:atesta:problem:${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.message,
    ...(instance ? { instance } : {}),
    code: err.code,
    requestId,
    ...(err.errors?.length ? { errors: err.errors } : {}),
    ...err.extensions,
  };
}

/** Members a SPEC shape carries beside the problem's own (these win on a clash). */
export type ProblemAlso = (problem: { code: string; detail: string; status: number }) => Record<string, unknown>;

export function problemResponse(err: AppError, requestId: string, instance?: string, also?: ProblemAlso): Response {
  const body = problemBody(err, requestId, instance);
  return new Response(JSON.stringify(also ? { ...also(body), ...body } : body), {
    status: err.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId, 'cache-control': 'no-store', ...err.headers },
  });
}

/** The catalogue of codes, documented on /docs. */
export const ERROR_CODES: Record<string, string> = {
  malformed_json: '400 - the body is not valid JSON.',
  malformed_body: '400 - the body could not be read in the declared format.',
  validation_failed: '400 - one or more fields are missing or malformed; see `errors[]`.',
  invalid_request: '400 - OAuth request is missing a parameter or has an unsupported one.',
  unsupported_grant_type: '400 - OAuth grant type not supported.',
  invalid_grant: '400 - refresh token or password credentials are invalid, expired or revoked.',
  invalid_credentials: '401 - username or password is wrong.',
  missing_credentials: '401 - no Authorization / x-api-key header was sent.',
  invalid_token: '401 - the access token is malformed, expired or revoked.',
  invalid_api_key: '401 - the x-api-key is unknown or revoked.',
  invalid_client: '401 - OAuth client authentication failed.',
  insufficient_scope: '403 - the token does not carry the scope this API needs.',
  integrator_disabled: '403 - the integrator account is disabled.',
  forbidden_role: '403 - the logged-in user\'s role does not allow this operation.',
  api_key_name_taken: '409 - an active API key already has this name.',
  username_taken: '409 - another user already has this username (usernames are unique across the service).',
  last_admin: '409 - the change would leave the integrator without an active admin.',
  invalid_username: '422 - usernames are 3 to 64 letters, digits, or . _ @ -.',
  weak_password: '422 - the password is too short (12 characters at least).',
  not_found: '404 - no such route, or no such resource for this integrator.',
  method_not_allowed: '405 - the route exists but not with this method; see the Allow header.',
  conflict: '409 - the request conflicts with the current state of the resource.',
  payload_too_large: '413 - the body exceeds the limit for this endpoint.',
  unsupported_media_type: '415 - the Content-Type (or a file type) is not accepted here.',
  invalid_cpf: '422 - the CPF check digits do not verify.',
  rate_limited: '429 - too many requests; retry after the Retry-After seconds.',
  internal_error: '500 - an unexpected failure; quote the requestId to support.',
  not_ready: '503 - the service is starting or its database is unreachable.',
  overloaded: '503 - the server is at capacity (too many requests in flight, analyses waiting or onboardings queued); retry after the Retry-After seconds.',
  illegal_transition: '409 - the process is not in a status that allows this (e.g. canceling a finished process).',
  process_finished: '409 - the process is already finished.',
  app_origin_not_configured: '422 - appRedirect is a path but the integrator has no app origin: set it in the console (Integration), with `npm run admin -- integrator set-app-origin`, or PUT /services/api/v1/settings.',
  invalid_logo: '422 - the logo is not a PNG/JPEG data URL under 200 KB.',
  consent_required: '400 - the person must accept the terms on the intro page.',
  resend_limit: '429 - the code was already resent the maximum number of times.',
  token_locked: '409 - five wrong onboarding tokens spent this one; send a new one.',
  console_session_required: '401 - a console call without a signed-in console session; sign in at /console/login.',
  cross_origin_request: '403 - a state-changing console call whose Origin is not this service.',
  step_session_required: '401 - a step page call without the session its link opened; open the link again.',
  invalid_base64: '422 - a file field is not valid base64.',
  invalid_file: '422 - a file field is empty or a data URL that is not base64.',
  corrupt_file: '422 - a file is truncated or corrupt.',
  invalid_challenge: '422 - the liveness challenge token is not one Atesta issued.',
  invalid_frames: '422 - a liveness challenge needs between 3 and 12 frames.',
  no_face_detected: '422 - no face was found in the named image (see `errors[].pointer`).',
  liveness_rejected: '422 - the selfie looks like a presentation attack; `score`, `threshold` and `reasons[]` (code, pt-BR and English message) say why.',
  image_quality_insufficient: '422 - the face in the selfie is too small, too dark, too bright or too blurred to judge (not an attack verdict); `issues[]` lists each (`face_too_small`, `too_dark`, `too_bright`, `too_blurry`) with what to fix (`fix` in pt-BR, `fixEn` in English).',
  image_too_large: '422 - an image has more pixels than allowed (40 megapixels by default).',
  pdf_too_many_pages: '422 - a PDF has more pages than allowed (10 by default).',
  file_too_large: '413 - a decoded file is larger than allowed (10 MB by default).',
  sms_not_configured: '503 - no SMS transport is configured on this server (and the local outbox is off).',
  email_not_configured: '503 - no e-mail transport is configured on this server (and the local outbox is off).',
  unknown_rule: '422 - no fraud rule has that name.',
  invalid_cpf_cnpj: '422 - cpfCnpj is neither a CPF nor a CNPJ (the alphanumeric CNPJ included) whose check digits verify.',
  invalid_part: '422 - a multipart part is of the wrong kind (a file in a text field) or repeated.',
};
