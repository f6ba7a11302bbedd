import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { DOC_TYPES, flattenFields } from '@/scripts/synth';
import { render, renderStore } from '@/scripts/synth/layouts';
import { rng } from '@/scripts/synth/random';
import { datasetsDir } from '../../testing';
import { closeOcrPool } from '../ocr';
import { extractDocument } from '.';

afterAll(async () => closeOcrPool());

describe.skipIf(!datasetsDir())('a passport page that fills the picture, with a real photograph as its portrait', () => {
  // Located as the photograph joined to the print beside it, the page was cut to that region: the date of issue below
  // it and the machine-readable zone were lost (14 of 16 such pages read with a field wrong or missing).
  it.each([['img13.jpg', 1006], ['img16.jpg', 1009]] as const)('is read whole (%s): its date of issue and a valid MRZ', async (face, seed) => {
    const portrait = await loadImage(await fs.promises.readFile(path.join(datasetsDir()!, 'faces/deepface', face)));
    const doc = await renderStore.run({ portrait }, () => render('PASSAPORTE', rng(seed * 7919 + DOC_TYPES.indexOf('PASSAPORTE'))));
    const jpeg = await sharp(doc.png).flatten({ background: '#ffffff' }).resize({ width: 1600 }).jpeg({ quality: 85 }).toBuffer();
    const r = await extractDocument(jpeg.toString('base64'));
    expect(r.typeRecognized).toBe('PASSAPORTE');
    const got = flattenFields(r.fields);
    for (const key of ['dataEmissao', 'numeroPassaporte', 'dataNascimento', 'validade', 'mrz.valid']) expect(got[key], key).toBe(doc.truth.fields[key]);
  }, 60_000);
});
