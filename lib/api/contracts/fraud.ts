import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import { RULES } from '@/lib/engines/fraud/shared';
import { ocrResultSchema } from './ocr';

/** 11 digits; check digits are not enforced here: a CPF that fails them is the CPF_INVALIDO penalty, not a refused request. */
const cpf = z
  .string()
  .regex(/^\d{11}$/, 'CPF must be 11 digits')
  .meta({ description: 'CPF, 11 digits only. A CPF whose check digits fail is analysed and gets the CPF_INVALIDO hard stop.', example: '52998224725' });
const file = (what: string) => z.string().min(1).meta({ description: `${what}: base64 or data URL. At most 10 MB, 40 megapixels, 10 PDF pages.` });
const extras = {
  customerId: z.string().max(200).optional().meta({ description: 'Atesta addition: your reference for the person, echoed in scoreResult.customerId.' }),
  rulesGroup: z.string().max(60).regex(/^[\w.-]+$/).optional().meta({ description: 'Atesta addition: the rules group whose weights apply (PUT /services/api/v1/fraud/rules/{ruleName}).' }),
};

export const penaltySchema = z
  .object({
    rulesName: z.string().meta({ description: `Rule that fired: ${RULES.map((r) => r.name).join(', ')}.` }),
    rulesPenalty: z.number().meta({ description: 'Points taken from 100.' }),
    hardStop: z.boolean(),
    message: z.string().meta({ description: 'pt-BR, what was seen.' }),
  })
  .meta({ id: 'Penalty' });

export const scoreResultSchema = z
  .object({
    cpf: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'SPEC "number-like": the CPF as a JSON number, e.g. 52998224725. A CPF starting with 0 loses it (01234567890 is 1234567890): read it with String(cpf).padStart(11, "0"). Null when the analysis had no CPF.', example: 52998224725 }),
    customerId: z.string(),
    score: z.number().meta({ description: '0 (certain fraud) to 100 (no risk signal): 100 minus the fired penalties, floored at 0.' }),
    hardStop: z.boolean(),
    penalties: z.array(penaltySchema),
    statistics: z.object({
      batchId: z.number().meta({ description: 'Sequence number of this analysis among the integrator’s analyses.' }),
      methodName: z.string().meta({ description: 'The operation, e.g. fraud.analysis.facematch.' }),
      totalTime: z.number().meta({ description: 'Milliseconds spent on the analysis.' }),
    }),
  })
  .meta({ id: 'ScoreResult' });

export const faceMatchResultSchema = z
  .object({
    faceCrop: z.string().meta({ description: 'The document portrait as a JPEG data URL; empty when none was found.' }),
    match: z.boolean(),
    similarity: z.number().meta({ description: '0 to 100 on the calibrated scale (50 = default threshold).' }),
    compared: z.boolean().meta({ description: 'Atesta addition: false when no selfie was compared (then match is false and similarity 0 by convention).' }),
  })
  .meta({ id: 'FaceMatchResult' });

export const fraudAnalysisSchema = z
  .object({ scoreResult: scoreResultSchema, extractResult: z.object({ ocr: ocrResultSchema }), faceMatchResult: faceMatchResultSchema })
  .meta({ id: 'FraudAnalysis' });

const common = { tags: ['Fraud'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const] };

export const fraudAnalysis = defineContract({
  admission: 'analysis',
  ...common,
  method: 'POST',
  path: '/services/api/v1/fraud/analysis/json',
  operationId: 'fraudAnalysis',
  summary: 'Fraud analysis of a document (SPEC 4.4)',
  description: 'Reads the document (front, optionally back), measures image forensics, finds the portrait, and scores the rule catalogue. Same input, same score.',
  body: { schema: z.object({ cpf, imageFront: file('Document front, or front and back merged'), imageBack: file('Document back').optional(), ...extras }).meta({ id: 'FraudAnalysisRequest' }), limit: 'media' },
  responses: { 200: { description: 'ScoreResult, OCR and the portrait', schema: fraudAnalysisSchema } },
});

export const fraudAnalysisFacematch = defineContract({
  admission: 'analysis',
  ...common,
  method: 'POST',
  path: '/services/api/v1/fraud/analysis/facematch/json',
  operationId: 'fraudAnalysisFacematch',
  summary: 'Fraud analysis with a selfie (SPEC 4.5)',
  description:
    'As 4.4, plus the selfie: passive liveness, match with the document portrait, and a search of the face index for the same face under another CPF. Without imageFront the selfie is compared with the face enrolled for the CPF; when none is enrolled the SEM_REFERENCIA_FACIAL penalty says so.',
  body: {
    schema: z.object({ cpf, imageSelfie: file('Selfie, JPEG or PNG'), imageFront: file('Document front').optional(), imageBack: file('Document back').optional(), ...extras }).meta({ id: 'FraudAnalysisFacematchRequest' }),
    limit: 'media',
  },
  responses: { 200: { description: 'ScoreResult, OCR and face match', schema: fraudAnalysisSchema } },
});

const binary = (what: string) => z.string().min(1).meta({ description: `${what} (a file part; a base64 text part is accepted too). At most 10 MB.`, format: 'binary' });

export const fraudAnalysisFacematchMultipart = defineContract({
  admission: 'analysis',
  ...common,
  method: 'POST',
  path: '/services/api/v1/fraud/analysis/facematch',
  operationId: 'fraudAnalysisFacematchMultipart',
  summary: 'Fraud analysis with a selfie, multipart (SPEC 4.6)',
  description: 'As 4.5, with the files as multipart/form-data parts. The body is read against the media limit as it arrives; a file part over 10 MB is 413, a file in a text part 422 `invalid_part`, a file of another type 415.',
  body: {
    schema: z.object({ cpf, imageFront: binary('Document front'), imageSelfie: binary('Selfie, JPEG or PNG'), imageBack: binary('Document back').optional(), ...extras }).meta({ id: 'FraudAnalysisMultipartRequest' }),
    kind: 'multipart',
    fileFields: ['imageFront', 'imageSelfie', 'imageBack'],
    limit: 'media',
  },
  responses: { 200: { description: 'ScoreResult, OCR and face match', schema: fraudAnalysisSchema } },
});
