import * as contract from '@/lib/contracts/ocr';
import { extractDocument } from '@/lib/documents';
import { handle, json, methods } from '@/lib/http';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(contract.extractOcr, async ({ body }) => json(await extractDocument(body.image, 'image'))),
});
