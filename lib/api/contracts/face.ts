import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

const image = (what: string) => z.string().min(1).meta({ description: `${what}: JPEG or PNG, base64 or data URL. At most 10 MB and 40 megapixels.` });

export const faceMatchRequestSchema = z.object({ imageA: image('First face image (selfie or document portrait)'), imageB: image('Second face image') }).meta({ id: 'FaceMatchRequest' });

export const faceMatchSchema = z
  .object({
    similarity: z.number().meta({ description: '0 (no similarity) to 100 (identical), calibrated per kind of pair (photos, one printed document portrait, two): 50 is the default match threshold (false match rate <= 0.1 % over the calibration pairs of that kind), 90 the median of its genuine pairs.' }),
    match: z.boolean().meta({ description: 'similarity >= the integrator threshold (default 50).' }),
    notices: z.array(z.string()).meta({ description: 'Atesta addition: several faces found (the largest was used) or quality issues.' }),
  })
  .meta({ id: 'FaceMatch' });

export const livenessRequestSchema = z.object({ image: image('Selfie') }).meta({ id: 'LivenessRequest' });

export const faceMatch = defineContract({
  admission: 'analysis',
  method: 'POST',
  path: '/services/api/v1/biometrics/face/match/json',
  bases: ['services'],
  operationId: 'faceMatch',
  summary: 'Whether two images show the same person (SPEC 4.7)',
  description: 'Detects the largest face in each image with one policy for every entry point (a small picture or a face filling the frame is read as a crop: set in a grey surround, scaled up, tried tilted ±20°, verified by its landmarks) and compares their 128-d descriptors. No face: 422 `no_face_detected` naming the image, with `fix` (pt-BR and English: what to change).',
  tags: ['Biometrics'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: faceMatchRequestSchema, limit: 'media' },
  responses: { 200: { description: 'FaceMatch (SPEC 2.1)', schema: faceMatchSchema } },
});

export const faceLiveness = defineContract({
  admission: 'analysis',
  method: 'POST',
  path: '/services/api/v1/biometrics/face/liveness/json',
  bases: ['services'],
  operationId: 'faceLiveness',
  summary: 'Passive liveness of one selfie (SPEC 4.8)',
  description:
    'Approval: the JSON string "Liveness aprovado". Rejection: 422 problem+json `liveness_rejected` with `score` (attack score 0-1), `threshold` and `reasons[]` (`screen_replay`, `print`, `frame_edges`, `glare`, `recapture_blur`; pt-BR `message` and English `messageEn`). A face that cannot be judged (side under 72 px, too dark, too bright, too blurred): 422 `image_quality_insufficient` with `issues[]` (`face_too_small`, `too_dark`, `too_bright`, `too_blurry`, each with `fix` in pt-BR and `fixEn` in English) — a request to retake, never an attack verdict. No face: 422 `no_face_detected`.',
  tags: ['Biometrics'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: livenessRequestSchema, limit: 'media' },
  responses: { 200: { description: 'Approval message', schema: z.string() } },
});
