import { z } from 'zod';
import { brDateTimeSchema } from '../../engines/br';
import { defineContract } from '@/lib/platform/http/shared';
import { basicAuthSchema, webhookUrlSchema } from '@/lib/delivery/webhooks/shared';
import { ocrResultSchema } from './ocr';

const str = (max = 500) => z.string().max(max);

export const keyEntrySchema = z
  .object({
    key: str(200),
    value: str(2000),
    externalKey: z.boolean().optional(),
    tablekeys: z.array(z.object({ key: str(200), value: str(2000) })).max(200).optional(),
  })
  .meta({ id: 'ImportKey' });

export const activitySchema = z
  .object({
    activityType: z.number().int().optional(),
    activityCreateddate: brDateTimeSchema.optional(),
    activityLimit: brDateTimeSchema.optional(),
    activityFinished: brDateTimeSchema.optional(),
    activityExternalId: str(200).optional(),
    checklist: z.object({ checklistCode: str(100).optional(), checklistVersion: z.number().int().optional(), checklistGroup: str(100).optional() }).optional(),
  })
  .meta({ id: 'ImportActivity' });

/** An activity as stored and returned: date-times carry their offset. */
const activityViewSchema = activitySchema
  .extend({
    activityCreateddate: z.iso.datetime({ offset: true }).optional(),
    activityLimit: z.iso.datetime({ offset: true }).optional(),
    activityFinished: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'ImportActivityView' });

const freeObject = z.record(z.string().max(200), z.unknown()).meta({ description: 'Free-form object, kept as sent (at most 64 kB as JSON).' });

export const importDocSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255).meta({ description: 'Required.' }),
    fileResource: z.string().optional().meta({ description: 'The file: base64 or data URL (JPEG, PNG or PDF, at most 10 MB). This or filePath.' }),
    filePath: z.string().max(1024).optional().meta({ description: 'A path inside the server\'s import directory (IMPORT_DIR), relative to it; nothing outside it is read. This or fileResource.' }),
    typeAlias: str(60).optional().meta({ description: 'Expected document: a typeParentAlias (CNH, RG, CIN, PASSAPORTE, CPF) or a typeRecognized (CNH_FRENTE…); checked against what is recognised.' }),
    contentType: str(100).optional(),
    qtdePages: z.number().int().min(0).optional(),
    rejectCode: str(100).optional().meta({ description: 'Ignored on input; set by the analysis.' }),
    docRejectPhase: z.number().int().optional().meta({ description: 'Ignored on input; set by the analysis.' }),
    fileSize: z.number().int().min(0).optional(),
    externalId: str(200).optional(),
    keys: z.array(keyEntrySchema).max(200).optional(),
    docActivitys: z.array(activitySchema).max(100).optional(),
    externalKeys: freeObject.optional(),
  })
  .meta({ id: 'ImportDoc' });

export const createBatchSchema = z
  .object({
    workflowAlias: z.string().trim().min(1).max(100).default('default').meta({ description: 'A workflow of your account; absent: `default`, which every account has (any recognised document, no webhook of its own until you PUT it).' }),
    batchExternalId: z.string().trim().min(1).max(200).meta({ description: 'Required: your id of the batch, unique per account (idempotency).' }),
    batchOrigin: str(200).optional(),
    siteAlias: str(200).optional(),
    activityGroup: str(200).optional(),
    workflowPresetAlias: str(200).optional(),
    keys: z.array(keyEntrySchema).max(500).optional(),
    docs: z.array(importDocSchema).min(1, 'a batch carries at least one document'),
    externalKeys: freeObject.optional(),
    batchActivitys: z.array(activitySchema).max(500).optional(),
  })
  .meta({ id: 'CreateBatchRequest' });

export const BATCH_STATUSES = ['RECEIVED', 'PROCESSING', 'DONE', 'PARTIAL', 'FAILED'] as const;
export const DOC_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'REJECTED', 'FAILED'] as const;

export const batchDocViewSchema = z
  .object({
    position: z.number().int().meta({ description: 'Index of the document in the request (0-based).' }),
    fileName: z.string().nullable(),
    externalId: z.string().nullable(),
    typeAlias: z.string().nullable(),
    status: z.enum(DOC_STATUSES),
    rejectCode: z.string().nullable().meta({ description: 'Why it was rejected (docs/batch.md).' }),
    docRejectPhase: z.number().int().nullable().meta({ description: '1 intake (file), 2 classification, 3 extraction.' }),
    rejectReason: z.string().nullable(),
    contentType: z.string().nullable(),
    fileSize: z.number().int().nullable(),
    qtdePages: z.number().int().nullable(),
    typeRecognized: z.string().nullable(),
    ocr: ocrResultSchema.nullable(),
    keys: z.array(keyEntrySchema),
    docActivitys: z.array(activityViewSchema),
    externalKeys: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'ImportDocResult' });

export const batchViewSchema = z
  .object({
    batchId: z.uuid(),
    batchExternalId: z.string(),
    workflowAlias: z.string(),
    status: z.enum(BATCH_STATUSES).meta({ description: 'RECEIVED, PROCESSING, DONE (every document DONE), PARTIAL (some rejected or failed), FAILED (none DONE).' }),
    counts: z.object({ total: z.number().int(), pending: z.number().int(), done: z.number().int(), rejected: z.number().int(), failed: z.number().int() }),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    docs: z.array(batchDocViewSchema),
  })
  .meta({ id: 'ImportBatch' });

export const createBatch = defineContract({
  method: 'POST',
  path: '/import/import-doc/create-batch',
  bases: ['import'],
  operationId: 'createImportBatch',
  summary: 'Create a batch of documents (SPEC 4.19)',
  description:
    'OAuth 2.0 access token (client_credentials) with scope `import`. Required: batchExternalId and at least one doc with fileName and fileResource or filePath. workflowAlias defaults to `default`. Activity date-times without an offset are São Paulo local time. At most 100 documents and 50 MB (IMPORT_MAX_DOCS, IMPORT_MAX_BODY_BYTES). A document that cannot be read is reported on its own (REJECTED, docRejectPhase 1) and does not sink the batch. Repeating a batchExternalId with the same body answers the same 201; with another body 409 `batch_exists` with the existing batchId.',
  tags: ['Import'],
  auth: 'bearer',
  scope: 'import',
  body: { schema: createBatchSchema, kind: 'json-stream', limit: 'import' },
  responses: { 201: { description: 'Accepted', schema: z.object({ message: z.string(), batchId: z.uuid() }).meta({ id: 'CreateBatchResponse' }) } },
  errors: [409, 413, 422],
});

export const getBatch = defineContract({
  method: 'GET',
  path: '/import/import-doc/batch/{batchId}',
  bases: ['import'],
  operationId: 'getImportBatch',
  summary: 'A batch with the status and result of each document (Atesta addition)',
  tags: ['Import'],
  auth: 'bearer',
  scope: 'import',
  params: z.object({ batchId: z.string().max(100) }),
  responses: { 200: { description: 'The batch', schema: batchViewSchema } },
});

export const workflowSchema = z
  .object({
    alias: z.string(),
    description: z.string().nullable(),
    expectedTypes: z.array(z.string()),
    checklist: z.object({ checklistCode: z.string(), checklistVersion: z.number().int(), checklistGroup: z.string().nullable() }).nullable(),
    webhookUrl: z.string().nullable(),
  })
  .meta({ id: 'ImportWorkflow' });

const aliasParams = z.object({ alias: z.string().regex(/^[\w.-]{1,100}$/, 'letters, digits, . _ - (at most 100)') });
const adminCommon = { bases: ['services' as const], tags: ['Import'], auth: 'bearer' as const, scope: 'services' as const };

export const putWorkflow = defineContract({
  ...adminCommon,
  method: 'PUT',
  path: '/services/api/v1/import/workflows/{alias}',
  operationId: 'putImportWorkflow',
  summary: 'Create or change a batch-import workflow (admin role)',
  params: aliasParams,
  body: {
    schema: z
      .object({
        description: z.string().max(500).nullable().optional(),
        expectedTypes: z.array(z.string().regex(/^[A-Z_]{2,30}$/)).max(20).default([]).meta({ example: ['CNH', 'RG'], description: 'typeParentAlias or typeRecognized values a document of this workflow may be; empty = any recognised document.' }),
        checklist: z.object({ checklistCode: z.string().min(1).max(100), checklistVersion: z.number().int().min(0), checklistGroup: z.string().max(100).nullable().optional() }).nullable().optional(),
        webhookUrl: webhookUrlSchema.nullable().optional().meta({ description: 'Receives batch.completed when a batch of this workflow ends.' }),
        webhookBasicAuth: basicAuthSchema.nullable().optional(),
      })
      .meta({ id: 'ImportWorkflowRequest' }),
  },
  responses: { 200: { description: 'The workflow', schema: workflowSchema } },
});

export const listWorkflows = defineContract({
  ...adminCommon,
  method: 'GET',
  path: '/services/api/v1/import/workflows',
  operationId: 'listImportWorkflows',
  summary: 'Batch-import workflows of the account',
  responses: { 200: { description: 'Workflows', schema: z.object({ items: z.array(workflowSchema) }) } },
});

export const deleteWorkflow = defineContract({
  ...adminCommon,
  method: 'DELETE',
  path: '/services/api/v1/import/workflows/{alias}',
  operationId: 'deleteImportWorkflow',
  summary: 'Remove a workflow (batches already received keep going; new ones with this alias are 422; removing `default` restores the built-in one)',
  params: aliasParams,
  responses: { 204: { description: 'Removed' } },
});
