import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import { PARENT_TYPES, RECOGNIZED_TYPES } from '@/lib/engines/documents/shared';

const CANONICAL_KEYS =
  '`nome`, `cpf` (11 digits), `dataNascimento`, `rg`, `orgaoEmissor`, `ufEmissor`, `filiacao` (nested `nome` entries in printed order), `naturalidade` (`CIDADE/UF`), `dataExpedicao`, `numeroRegistro` (CNH, 11 digits), `categoria`, `validade`, `primeiraHabilitacao`, `dataEmissao`, `numeroPassaporte`, `nacionalidade`, `sexo` (M/F), `mrz` (nested: `formato`, `numeroDocumento`, `sobrenome`, `nomes`, `nacionalidade`, `dataNascimento`, `sexo`, `validade`, `opcional`, `valid`), `qrCode` (nested: decoded content). Dates are ISO YYYY-MM-DD; numbers digits only; names upper case as printed, accents kept.';

export interface OcrFieldShape {
  key: string;
  value: string;
  conf: number;
  bbox: number[];
  fields?: OcrFieldShape[];
  valid?: boolean;
}

export const ocrFieldSchema: z.ZodType<OcrFieldShape> = z
  .object({
    key: z.string().meta({ description: `Canonical key: ${CANONICAL_KEYS}` }),
    value: z.string(),
    conf: z.number().meta({ description: 'Confidence, 0 to 100.' }),
    bbox: z.array(z.number()).length(4).meta({ description: '[x, y, width, height] in pixels of the submitted image (after EXIF orientation; first page of a PDF).' }),
    get fields() {
      return z.array(ocrFieldSchema).optional().meta({ description: 'Nested fields of a composite value (filiacao, mrz, qrCode): the same structure.' });
    },
    valid: z.boolean().optional().meta({ description: 'Atesta addition: whether a rule checked the value (CPF or CNH check digits, MRZ check digits, a real date).' }),
  })
  .meta({ id: 'OcrField' });

export const ocrResultSchema = z
  .object({
    typeRecognized: z.string().meta({ description: `Document model: ${RECOGNIZED_TYPES.join(', ')}; empty when not recognised.` }),
    typeParentAlias: z.string().meta({ description: `Document type: ${PARENT_TYPES.join(', ')}; empty when not recognised.` }),
    digitalDocument: z.boolean().meta({ description: 'A born-digital PDF (text layer or signature), e.g. CNH digital.' }),
    fields: z.array(ocrFieldSchema),
    errorMessage: z.string().optional().meta({
      description:
        '`document_not_recognized` when the image is not a supported document (then `fields` is empty); followed by `(time budget of N ms spent; not tried: …)` when the reading stopped at its time budget (`DOCUMENT_TIME_BUDGET_MS`, counted from the start of the call) before every orientation was tried (`turn probes`, a turn such as `270°`, `local contrast`); `(nothing is drawn on the picture: no print, no card edge)` for a plain picture (a surface, a covered lens), answered at once.',
    }),
    candidates: z
      .array(z.object({ type: z.string(), score: z.number(), cues: z.array(z.string()) }))
      .optional()
      .meta({ description: 'Atesta addition, only when not recognised: the models weighed, best first (a score of 3 places a document), with the cues found for each (headings, labels, portrait, MRZ, QR, shape, tint).' }),
  })
  .meta({ id: 'OcrResult' });

export const ocrRequestSchema = z
  .object({ image: z.string().min(1).meta({ description: 'JPEG, PNG or PDF: base64 or data URL. At most 10 MB, 40 megapixels, 10 PDF pages.' }) })
  .meta({ id: 'OcrRequest' });

export const extractOcr = defineContract({
  admission: 'analysis',
  method: 'POST',
  path: '/services/api/v1/extract/ocr/json',
  bases: ['services'],
  operationId: 'extractOcr',
  summary: 'Read a Brazilian identity document (SPEC 4.9)',
  description: 'Recognises CNH, RG, CIN and passport images, reads and normalises their fields with confidence and position, and verifies what can be verified (CPF and CNH check digits, MRZ).',
  tags: ['OCR'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: ocrRequestSchema, limit: 'media' },
  responses: { 200: { description: 'OcrResult (SPEC 2.1)', schema: ocrResultSchema } },
  errors: [503],
  // SPEC part 7: "OcrResult.errorMessage: a string set when extraction failed (for example on an invalid image format)".
  problemAlso: {
    schema: ocrResultSchema.pick({ typeRecognized: true, typeParentAlias: true, digitalDocument: true, fields: true, errorMessage: true }),
    of: (p) => ({ typeRecognized: '', typeParentAlias: '', digitalDocument: false, fields: [], errorMessage: `${p.code}: ${p.detail}` }),
  },
});
