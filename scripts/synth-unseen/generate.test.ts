import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isValidCpf } from '../../lib/engines/br';
import { generateUnseen, LEVELS, renderUnseen, UNSEEN_TYPES, type UnseenSample } from '.';

const here = path.join(process.cwd(), 'scripts', 'synth-unseen');

/** Every file reachable from the generator's entry through relative imports, and every bare import named. */
function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const resolved = [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (!resolved) throw new Error(`unresolved import ${spec} in ${file}`);
      visit(resolved);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe('unseen-layout document generator', () => {
  it('shares no module with scripts/synth (its import graph never enters it)', () => {
    const graph = importGraph(path.join(here, 'index.ts'));
    const synth = path.join(process.cwd(), 'scripts', 'synth') + path.sep;
    expect(graph.files.length).toBeGreaterThan(8);
    expect(graph.files.filter((f) => f.startsWith(synth))).toEqual([]);
    expect(graph.packages.filter((p) => /scripts\/synth(\/|$)/.test(p))).toEqual([]);
    // The evaluation side (bench) may use compare.ts from scripts/synth; the generator itself never does.
    for (const f of fs.readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) expect(fs.readFileSync(path.join(here, f), 'utf8')).not.toMatch(/scripts\/synth['/]|\.\.\/synth['/]/);
  });

  it('renders every type with non-empty, well-formed truth', async () => {
    for (const type of UNSEEN_TYPES) {
      const { png, truth } = await renderUnseen(type, 11);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(truth.typeRecognized).toBe(type);
      expect(truth.variant).toMatch(/^[a-z0-9-]+$/);
      const values = Object.entries(truth.fields);
      // Only the old RG's photo side carries no data at all.
      if (truth.variant !== 'rg-antigo-lado-foto') expect(values.length, type).toBeGreaterThan(0);
      for (const [key, value] of values) {
        expect(value.trim(), key).not.toBe('');
        if (/^(data|validade|primeiraHabilitacao)|\.(dataNascimento|validade)$/.test(key)) expect(value, key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (key === 'cpf' || key === 'qrCode.cpf') expect(isValidCpf(value), value).toBe(true);
      }
    }
  }, 120_000);

  it('photographs at every level, the same bytes for the same type, seed and level', async () => {
    const photos: UnseenSample[] = [];
    for (const [i, level] of LEVELS.entries()) {
      const sample = await generateUnseen(UNSEEN_TYPES[i * 3]!, 11, level);
      // A JPEG around 1600 px wide.
      expect(sample.image.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(sample.shot.width).toBeGreaterThanOrEqual(1300);
      expect(sample.shot.width).toBeLessThanOrEqual(1800);
      photos.push(sample);
    }
    const again = await generateUnseen(UNSEEN_TYPES[0], 11, LEVELS[0]);
    expect(again.image.equals(photos[0]!.image)).toBe(true);
    const other = await generateUnseen(UNSEEN_TYPES[0], 12, LEVELS[0]);
    expect(other.image.equals(photos[0]!.image)).toBe(false);
  }, 120_000);

  it('prints a given photograph in the picture box only: the rest of the document and its truth stay the same', async () => {
    const face = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c03020' } }).jpeg().toBuffer();
    const plain = await renderUnseen('PASSAPORTE', 11);
    const printed = await renderUnseen('PASSAPORTE', 11, face);
    expect(printed.truth).toEqual(plain.truth);
    const [a, b] = await Promise.all([plain.png, printed.png].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
    const { width, height, channels } = a!.info;
    let [x0, y0, x1, y1] = [width, height, -1, -1];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * channels;
        if (Math.abs(a!.data[i]! - b!.data[i]!) + Math.abs(a!.data[i + 2]! - b!.data[i + 2]!) <= 6) continue;
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
    // The passport's picture box: 4-28 % across, 16-58 % down; the red photograph fills it.
    expect([x0 / width, y0 / height]).toEqual([expect.closeTo(0.04, 1), expect.closeTo(0.16, 1)]);
    expect([x1 / width, y1 / height]).toEqual([expect.closeTo(0.28, 1), expect.closeTo(0.58, 1)]);
    const box = (y0 + y1) / 2;
    expect(b!.data[(Math.round(box) * width + Math.round((x0 + x1) / 2)) * channels]).toBeGreaterThan(150);
  }, 60_000);

  it('frames a page filling the picture: the card\'s own proportions, where a phone photo shows the surface around it', async () => {
    const { png } = await renderUnseen('CIN_FRENTE', 11);
    const card = await sharp(png).metadata();
    for (const level of LEVELS) {
      const page = await generateUnseen('CIN_FRENTE', 11, level, { framing: 'page' });
      const phone = await generateUnseen('CIN_FRENTE', 11, level);
      const ratio = async (jpeg: Buffer) => {
        const m = await sharp(jpeg).metadata();
        const [w, h] = page.shot.turn % 180 ? [m.height!, m.width!] : [m.width!, m.height!];
        return w / h;
      };
      expect(page.shot).toMatchObject({ page: true, tilt: 0, glare: false });
      expect(await ratio(page.image)).toBeCloseTo(card.width! / card.height!, 1);
      expect(Math.abs((await ratio(phone.image)) - card.width! / card.height!)).toBeGreaterThan(0.05);
      expect(Math.abs(page.shot.angle)).toBeLessThanOrEqual(2);
      // Same damage as the phone photo of that level.
      expect([page.shot.blur, page.shot.noise, page.shot.quality, page.shot.turn]).toEqual([phone.shot.blur, phone.shot.noise, phone.shot.quality, phone.shot.turn]);
    }
  }, 120_000);
});
