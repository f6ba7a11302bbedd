import { describe, expect, it } from 'vitest';
import { generate } from '@/scripts/synth';
import { intake } from '../media';
import { readDocument } from './engine';

const read = async (image: Buffer) => readDocument(await intake(image.toString('base64'), 'image'));

describe('signature region', () => {
  it('finds the holder’s handwriting above “ASSINATURA DO TITULAR” on a photographed RG photo side', async () => {
    const sample = await generate('RG_FRENTE', 2, 'photo');
    expect(Object.keys(sample.truth.fields)).toEqual([]); // the photo side of the old RG
    const { signature } = await read(sample.image);
    expect(signature!.score).toBeGreaterThanOrEqual(0.5);
    // A wide, short stroke area, not the whole window.
    const [, , w, h] = signature!.box;
    expect(w).toBeGreaterThan(h * 3);
  }, 60_000);

  it('reports no signature where the line is blank (CNH back: issuer line without ink)', async () => {
    const { signature } = await read((await generate('CNH_VERSO', 1, 'photo')).image);
    expect(signature?.score ?? 0).toBeLessThan(0.5);
  }, 60_000);
});
