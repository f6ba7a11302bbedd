import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenFields, pageFillingFrame } from '@/scripts/synth';
import { datasetsDir } from '../../testing';
import { closeOcrPool } from '../ocr';
import { extractDocument } from '.';

afterAll(async () => closeOcrPool());

describe.skipIf(!datasetsDir())('a passport page that fills the picture, with a real photograph as its portrait', () => {
  // Located as the photograph joined to the print beside it, the page was cut to that region: the date of issue below
  // it and the machine-readable zone were lost (14 of 16 such pages read with a field wrong or missing).
  it.each([['img13.jpg', 1006], ['img16.jpg', 1009]] as const)('is read whole (%s): its date of issue and a valid MRZ', async (face, seed) => {
    const page = await pageFillingFrame('PASSAPORTE', seed, await fs.promises.readFile(path.join(datasetsDir()!, 'faces/deepface', face)));
    const r = await extractDocument(page.image.toString('base64'));
    expect(r.typeRecognized).toBe('PASSAPORTE');
    const got = flattenFields(r.fields);
    for (const key of ['dataEmissao', 'numeroPassaporte', 'dataNascimento', 'validade', 'mrz.valid']) expect(got[key], key).toBe(page.truth.fields[key]);
  }, 60_000);
});
