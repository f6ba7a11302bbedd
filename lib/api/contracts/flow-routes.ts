import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import {
  activityBodySchema,
  beginBodySchema,
  captureResponseSchema,
  challengeResponseSchema,
  documentBodySchema,
  handoffResponseSchema,
  resendBodySchema,
  resendResponseSchema,
  selfieBodySchema,
  stateResponseSchema,
  verifyBodySchema,
  verifyResponseSchema,
} from './flow';

const params = z.object({ requestId: z.string().max(100) });
const page = { bases: [] as [], tags: ['Hosted pages'], auth: 'none' as const, params };

/** Internal calls of the hosted pages (not part of the public documents). */
export const flowBegin = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/begin', operationId: 'flowBegin', summary: 'Consent and first code', body: { schema: beginBodySchema }, responses: { 204: { description: 'Code sent' } } });
export const flowVerify = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/verify', operationId: 'flowVerify', summary: 'Check a code', body: { schema: verifyBodySchema }, responses: { 200: { description: 'Outcome', schema: verifyResponseSchema } } });
export const flowResend = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/resend', operationId: 'flowResend', summary: 'New code', body: { schema: resendBodySchema }, responses: { 200: { description: 'Sent', schema: resendResponseSchema } } });
export const flowDocument = defineContract({ admission: 'analysis', ...page, method: 'POST', path: '/p/{requestId}/api/document', operationId: 'flowDocument', summary: 'Document sides captured', body: { schema: documentBodySchema, limit: 'media' }, responses: { 200: { description: 'Outcome', schema: captureResponseSchema } } });
export const flowChallenge = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/challenge', operationId: 'flowChallenge', summary: 'Movement to make for liveness', responses: { 200: { description: 'Challenge', schema: challengeResponseSchema } } });
export const flowSelfie = defineContract({ admission: 'analysis', ...page, method: 'POST', path: '/p/{requestId}/api/selfie', operationId: 'flowSelfie', summary: 'Liveness frames captured', body: { schema: selfieBodySchema, limit: 'media' }, responses: { 200: { description: 'Outcome', schema: captureResponseSchema } } });
export const flowHandoff = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/handoff', operationId: 'flowHandoff', summary: 'Continue on another device', responses: { 200: { description: 'One-time link and QR code', schema: handoffResponseSchema } } });
export const flowState = defineContract({ ...page, method: 'GET', path: '/p/{requestId}/api/state', operationId: 'flowState', summary: 'Where the process stands', responses: { 200: { description: 'Stage and status', schema: stateResponseSchema } } });
export const flowActivity = defineContract({ ...page, method: 'POST', path: '/p/{requestId}/api/activity', operationId: 'flowActivity', summary: 'What this device is doing (for the desktop of a handoff)', body: { schema: activityBodySchema }, responses: { 204: { description: 'Noted' } } });
