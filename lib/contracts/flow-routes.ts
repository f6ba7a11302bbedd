import { z } from 'zod';
import { defineContract } from '../http/contract';
import { beginBodySchema, resendBodySchema, resendResponseSchema, verifyBodySchema, verifyResponseSchema } from './flow';

const params = z.object({ requestId: z.string().max(100) });
const page = { bases: [] as [], tags: ['Hosted pages'], auth: 'none' as const, params };

/** Internal calls of the hosted pages (not part of the public documents). */
export const flowBegin = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/begin', operationId: 'flowBegin', summary: 'Consent and first code', body: { schema: beginBodySchema }, responses: { 204: { description: 'Code sent' } } });
export const flowVerify = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/verify', operationId: 'flowVerify', summary: 'Check a code', body: { schema: verifyBodySchema }, responses: { 200: { description: 'Outcome', schema: verifyResponseSchema } } });
export const flowResend = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/resend', operationId: 'flowResend', summary: 'New code', body: { schema: resendBodySchema }, responses: { 200: { description: 'Sent', schema: resendResponseSchema } } });
