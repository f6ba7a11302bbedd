import * as contract from '@/lib/api/contracts/ocr';
import { extractDocument } from '@/lib/engines/documents';
import { handle, json, methods } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.extractOcr, async ({ body }) => json(await extractDocument(body.image, 'image'))),
});
