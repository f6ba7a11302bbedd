import { z } from 'zod';
import { cpfOrCnpj } from '../../engines/br';
import { defineContract } from '@/lib/platform/http/shared';
import type { SemanticParams } from '@/lib/platform/http/shared';
import { ocrResultSchema } from './ocr';
import { penaltySchema } from './fraud';

export const FORMALISTIC_PATH = '/services/api/v1/extract/formalistic/json';
export const MAX_FORMALISTIC_FILES = 10;

const box = z.array(z.number()).length(4).meta({ description: '[x, y, width, height] in pixels of the submitted image (first page of a PDF).' });

export const formalisticRequestSchema = z
  .object({
    cpfCnpj: z
      .string()
      .max(20)
      .optional()
      .refine((v) => v === undefined || Boolean(cpfOrCnpj(v)), { message: 'cpfCnpj is neither a valid CPF nor a valid CNPJ', params: { code: 'invalid_cpf_cnpj' } satisfies SemanticParams })
      .meta({ description: 'CPF (11 digits) or CNPJ (14 characters, punctuated or not; the alphanumeric CNPJ of 2026 included). Check digits must verify (422 `invalid_cpf_cnpj`).', example: '11222333000181' }),
    rulesGroup: z
      .enum(['pj', 'pf'])
      .optional()
      .meta({
        description:
          '`pj`: the company checklist (CNPJ card, articles of association, a partner’s identity document). `pf` (Atesta’s name for the second group, whose original name carries a company name): the person checklist. Default: `pj` when cpfCnpj is a CNPJ, else `pf`. Also selects the rule weights of that group.',
      }),
    forensics: z.boolean().optional().meta({ description: 'Run the image forensic rules (quality, screen recapture, grey copy, digital editing). Default false.' }),
    datavalid: z.boolean().optional().meta({ description: 'Check the identity document against SERPRO Datavalid (when the server is configured for it). Default false.' }),
    faceDB: z.boolean().optional().meta({ description: 'Search the integrator’s face index for the faces found. Default false.' }),
    files: z
      .array(z.string().min(1).meta({ description: 'JPEG, PNG or PDF: base64 or data URL. At most 10 MB, 40 megapixels, 10 PDF pages each.' }))
      .max(MAX_FORMALISTIC_FILES)
      .optional()
      .meta({ description: `Up to ${MAX_FORMALISTIC_FILES} files, each analysed on its own.` }),
  })
  .meta({ id: 'FormalisticRequest' });

export const formalisticErrorSchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, empty when nothing did.' }),
    stackTrace: z.string().meta({ description: 'Never a real stack: the stable error code of the failure (as in problem+json `code`), empty when nothing failed.' }),
    source: z.string().meta({ description: 'Where: the request field (`files[1]`), empty when nothing failed.' }),
  })
  .meta({ id: 'FormalisticError' });

const faceFoundSchema = z.object({
  box,
  score: z.number().meta({ description: 'Detector confidence, 0 to 1.' }),
  portrait: z.boolean().meta({ description: 'The face is the holder’s portrait printed on an identity document.' }),
});

export const faceResultSchema = z
  .object({
    count: z.number().int(),
    faces: z.array(faceFoundSchema),
    indexSearched: z.boolean().meta({ description: 'Whether the face index was searched (`faceDB: true` and a face was found).' }),
    indexMatches: z
      .array(z.object({ cpf: z.string(), reference: z.string().nullable(), similarity: z.number() }))
      .meta({ description: 'Faces enrolled in the integrator’s index that match the document’s main face, best first (similarity 0 to 100).' }),
  })
  .meta({ id: 'FormalisticFaceResult' });

export const REGION_LABELS = ['document', 'face', 'mrz', 'qrcode', 'signature'] as const;

export const yoloResultSchema = z
  .object({
    detector: z.string().meta({ description: 'Which detectors found the regions (Atesta uses its document, face, MRZ, QR code and signature locators, not a YOLO network; the field keeps its SPEC name).' }),
    width: z.number().int(),
    height: z.number().int(),
    regions: z.array(z.object({ label: z.enum(REGION_LABELS), box, score: z.number().meta({ description: '0 to 1.' }) })),
  })
  .meta({ id: 'FormalisticRegions' });

export const datavalidResultSchema = z
  .object({
    status: z.enum(['not_requested', 'not_configured', 'skipped', 'ok', 'error']).meta({
      description: '`not_requested` (datavalid false), `not_configured` (no Datavalid credentials on this server), `skipped` (no identity document or no CPF to check), `ok` (SERPRO answered), `error` (SERPRO failed; `code` says how).',
    }),
    message: z.string().optional(),
    code: z.string().optional(),
    checkedAt: z.string().optional(),
    fields: z.record(z.string(), z.unknown()).optional().meta({ description: 'SERPRO’s answer per field (true/false and similarities); never an image.' }),
  })
  .meta({ id: 'DatavalidResult' });

export const formalisticItemSchema = z
  .object({
    statusCode: z.number().int().meta({ description: '200, or the status the file alone would have got (413, 415, 422).' }),
    timestamp: z.string(),
    resquestUri: z.string().meta({ description: 'The request path and the file’s place in it (`…/formalistic/json#files[0]`).' }),
    error: formalisticErrorSchema,
    ocrResult: ocrResultSchema.nullable(),
    faceResult: faceResultSchema.nullable(),
    yoloResult: yoloResultSchema.nullable(),
    datavalidResult: datavalidResultSchema.nullable(),
    companyAlias: z.string().meta({ description: 'The integrator’s alias (its name in lower case, hyphenated).' }),
    processedImage: z.string().meta({ description: 'The document as read: cropped from its background and upright, JPEG data URL (at most 1600 px wide). Empty when the file failed.' }),
    succesful: z.boolean(),
  })
  .meta({ id: 'FormalisticItem' });

export const checklistItemSchema = z.object({
  name: z.string().meta({ description: 'Stable name of the check (e.g. `cartaoCnpj`).' }),
  passed: z.boolean().nullable().meta({ description: 'null when the check could not be made (e.g. no CPF was given).' }),
  message: z.string().meta({ description: 'pt-BR, what was found.' }),
});

export const formalisticResponseSchema = z
  .object({
    statusCode: z.number().int(),
    timestamp: z.string(),
    resquestUri: z.string(),
    error: formalisticErrorSchema,
    succesful: z.boolean().meta({ description: 'True only when every file sent was read (or none was sent). Otherwise `error.source` names the failed files (`files[1]` or `files[0],files[2]`), `error.stackTrace` is `some_files_failed` (the others were analysed) or `no_file_read`, and `statusCode` is the first failure\'s (422 when none was read); each item has its own.' }),
    ocrResultList: z.array(formalisticItemSchema),
    checkListResult: z.object({
      batchId: z.number().int().meta({ description: 'Sequence number of this analysis among the integrator’s analyses (shared with fraud analyses).' }),
      methodName: z.string(),
      result: z.object({
        rulesGroup: z.enum(['pj', 'pf']),
        cpfCnpj: z.object({ value: z.string(), kind: z.enum(['cpf', 'cnpj']) }).nullable(),
        complete: z.boolean().meta({ description: 'Every check that could be made passed.' }),
        checks: z.array(checklistItemSchema),
        documents: z.array(z.object({ file: z.number().int(), typeRecognized: z.string() })).meta({ description: 'What each readable file was recognised as.' }),
        score: z.number().meta({ description: 'Rule score over the identity document(s), 0 to 100, as in ScoreResult.' }),
        hardStop: z.boolean(),
        penalties: z.array(penaltySchema),
      }),
    }),
  })
  .meta({ id: 'FormalisticResponse' });

export type FormalisticRequest = z.infer<typeof formalisticRequestSchema>;
export type FormalisticResponse = z.infer<typeof formalisticResponseSchema>;
export type FormalisticItem = z.infer<typeof formalisticItemSchema>;
export type FaceResult = z.infer<typeof faceResultSchema>;
export type RegionsResult = z.infer<typeof yoloResultSchema>;
export type DatavalidItemResult = z.infer<typeof datavalidResultSchema>;
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const extractFormalistic = defineContract({
  admission: 'analysis',
  method: 'POST',
  path: FORMALISTIC_PATH,
  bases: ['services'],
  operationId: 'extractFormalistic',
  summary: 'Several documents at once, with checklist (SPEC 4.10)',
  description:
    'Each file is read on its own (identity documents, CNPJ card, articles of association), with its faces, located regions and the normalised image; a file that fails gets its own error and does not fail the others. `checkListResult` checks what the set of documents proves for the `pf` or `pj` group and scores the rules.',
  tags: ['OCR'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: formalisticRequestSchema, limit: 'media' },
  responses: { 200: { description: 'One item per file and the checklist', schema: formalisticResponseSchema } },
});
