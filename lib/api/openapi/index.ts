import { z } from 'zod';
import 'zod-openapi';
import { addExamples } from './examples';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { rolesOf, type ApiBase, type Contract } from '@/lib/platform/http/shared';
import { ERROR_CODES, PROBLEM_CONTENT_TYPE, problemSchema } from '@/lib/platform/http';
import { allContracts } from './registry';
import { webhookPayloadSchema } from '../contracts/webhooks';
import { onboardingRecordSchema } from '../contracts/onboarding';

const TITLES: Record<ApiBase, { title: string; description: string }> = {
  services: {
    title: 'Atesta main API ({base_url})',
    description: 'Authentication, onboarding, fraud analysis, biometrics, OCR and hosted step processes (Bearer token).',
  },
  onboarding: {
    title: 'Atesta onboarding step API ({onboarding_url})',
    description: 'Key-authenticated hosted step processes (header x-api-key).',
  },
  import: {
    title: 'Atesta batch import API ({import_url})',
    description: 'Batch import of documents; OAuth 2.0 client_credentials access tokens from /oauth/token ({auth_url}).',
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed JSON or invalid fields (`malformed_json`, `validation_failed`)',
  401: 'Missing or invalid credentials',
  403: 'Forbidden (`insufficient_scope`, `integrator_disabled`)',
  404: 'Unknown route or id (ids of other integrators answer the same)',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  413: 'Body over the size limit',
  415: 'Unsupported media type',
  422: 'Semantically invalid (e.g. `invalid_cpf`)',
  429: 'Rate limited; see Retry-After',
  500: 'Unexpected error (no internals are exposed)',
  503: 'Database unreachable; retry',
};

function problemStatuses(c: Contract): number[] {
  const set = new Set<number>([400, 404, 405, 500, ...(c.errors ?? [])]);
  if (c.auth !== 'none') [401, 403].forEach((s) => set.add(s));
  if (c.body) [413, 415, 422].forEach((s) => set.add(s));
  for (const s of Object.keys(c.responses)) set.delete(Number(s));
  return [...set].sort();
}

function operation(c: Contract): ZodOpenApiOperationObject {
  const responses: NonNullable<ZodOpenApiOperationObject['responses']> = {};
  type Status = `${1 | 2 | 3 | 4 | 5}${string}`;
  for (const [status, r] of Object.entries(c.responses)) {
    responses[status as Status] = {
      description: r.description,
      ...(r.schema ? { content: { [r.contentType ?? 'application/json']: { schema: r.schema } } } : {}),
    };
  }
  const schema = c.problemAlso ? problemSchema.extend(c.problemAlso.schema.shape).meta({ id: `Problem_${c.operationId}` }) : problemSchema;
  for (const s of problemStatuses(c)) {
    responses[String(s) as Status] = { description: STATUS_TEXT[s] ?? 'Error', content: { [PROBLEM_CONTENT_TYPE]: { schema } } };
  }
  const bodyTypes =
    c.body?.kind === 'form'
      ? ['application/x-www-form-urlencoded']
      : c.body?.kind === 'json-or-form'
        ? ['application/x-www-form-urlencoded', 'application/json']
        : c.body?.kind === 'multipart'
          ? ['multipart/form-data']
          : ['application/json'];
  return {
    operationId: c.operationId,
    summary: c.summary,
    ...(c.description ? { description: c.description } : {}),
    tags: c.tags,
    security: c.auth === 'bearer' ? (c.scope === 'import' ? [{ oauth2: ['import'] }] : [{ bearerAuth: [] }]) : c.auth === 'apiKey' ? [{ apiKey: [] }] : [],
    // Console roles of the users who may call it (machine credentials carry none).
    ...(c.auth === 'bearer' && c.scope !== 'import' ? { 'x-roles': rolesOf(c) } : {}),
    ...(c.params || c.query ? { requestParams: { ...(c.params ? { path: c.params } : {}), ...(c.query ? { query: c.query } : {}) } } : {}),
    ...(c.body
      ? { requestBody: { required: true, content: Object.fromEntries(bodyTypes.map((t) => [t, { schema: c.body!.schema }])) } }
      : {}),
    responses,
  };
}

/** OpenAPI 3.1 document for one base, generated from the same zod schemas that validate requests. */
export function openApiDocument(base: ApiBase, serverUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const c of allContracts.filter((c) => c.bases.includes(base))) {
    paths[c.path] = { ...(paths[c.path] ?? {}), [c.method.toLowerCase()]: operation(c) };
  }
  const errorList = Object.entries(ERROR_CODES).map(([code, text]) => `- \`${code}\`: ${text}`).join('\n');
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: TITLES[base].title,
      version: '1.0.0',
      description: `${TITLES[base].description}\n\nEvery failure is \`application/problem+json\` (RFC 9457) with a stable \`code\`:\n\n${errorList}`,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${serverUrl}/oauth/token`, scopes: { services: 'Main API', import: 'Batch import API' } } } },
      },
    },
    paths,
    // Calls Atesta makes to your webhook URL (SPEC part 6, designed after Standard Webhooks).
    webhooks: {
      event: {
        post: {
          summary: 'Event notification sent to callBackUrl / webhookUrl and to subscribed endpoints',
          description:
            'A process URL (callBackUrl, webhookUrl) receives exactly one event per process, with the final result; endpoints registered with POST /services/api/v1/webhooks/endpoints receive every event of the types they list. Order of arrival is not guaranteed: keep the highest `sequence` per subject and drop lower ones. Headers: `webhook-id` (= body id, same on every retry), `webhook-timestamp` (Unix seconds), `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with your `whsec_` secret; verify with the `standardwebhooks` library), and `Authorization: Basic` when basicAuth/webhookBasicAuth was given. Answer 2xx within 10 s. Other answers and timeouts are retried after about 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h and 24 h (±10 %), then the event is failed; 410 stops retries at once. Redirects are not followed.',
          requestBody: { content: { 'application/json': { schema: webhookPayloadSchema } } },
          responses: { '200': { description: 'Received (any 2xx)' }, '410': { description: 'Gone: stop retrying this event' } },
        },
      },
      onboardingEvent: {
        post: {
          summary: 'onboarding.completed (to callBackUrl and subscribers) and onboarding.status_changed (subscribers only)',
          description:
            '`onboarding.completed` once, on the final status (DONE, REJECTED, BLACKLISTED, ERROR, RESOLVED, CANCELED), to the callBackUrl and to endpoints subscribed to it; `onboarding.status_changed` on every status change (data: the onboarding record plus `previousStatus`), only to endpoints subscribed to it. Same headers, signing and retries as every event. After an erasure, payloads still pending carry only `{onboardingId, status, erased: true}`.',
          requestBody: {
            content: {
              'application/json': {
                schema: webhookPayloadSchema.extend({
                  type: z.enum(['onboarding.status_changed', 'onboarding.completed']),
                  data: onboardingRecordSchema.extend({ previousStatus: z.string().optional().meta({ description: 'status_changed only: the status before.' }) }),
                }),
              },
            },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    },
  });
  addExamples(document as Parameters<typeof addExamples>[0]);
  return document;
}

export { allContracts } from './registry';
export { exampleOf } from './examples';
export { GUIDES, guideText } from './guides';
