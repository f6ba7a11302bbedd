import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
