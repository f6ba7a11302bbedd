import { fold } from '../../documents';
import type { Rule } from '../types';
import { br, fieldOf, nestedOf } from './helpers';

/** Printed values read at least this confidently are compared with the zone (a misread is not a divergence). */
const SURE = 80;

export const mrzDivergente: Rule = {
  name: 'MRZ_DIVERGENTE',
  weight: 50,
  hardStop: false,
  description: 'A valid machine-readable zone disagrees with the printed fields (birth date, validity, document number, sex, name).',
  evaluate: (e) => {
    const mrz = fieldOf(e, 'mrz');
    if (!mrz || mrz.valid !== true) return undefined;
    const differences: string[] = [];
    const compare = (printedKey: string, mrzKey: string, label: string, show = (v: string) => v) => {
      const printed = fieldOf(e, printedKey);
      const zone = nestedOf(e, 'mrz', mrzKey)?.value;
      // A printed field filled from the zone itself shares its box: only one read from the print counts.
      if (!printed || !zone || printed.conf < SURE || printed.bbox.join() === mrz.bbox.join()) return;
      if (printed.value !== zone) differences.push(`${label}: impresso ${show(printed.value)}, MRZ ${show(zone)}`);
    };
    compare('dataNascimento', 'dataNascimento', 'nascimento', br);
    compare('validade', 'validade', 'validade', br);
    compare('numeroPassaporte', 'numeroDocumento', 'número');
    compare('sexo', 'sexo', 'sexo');
    const nome = fieldOf(e, 'nome');
    const zoneName = [nestedOf(e, 'mrz', 'nomes')?.value, nestedOf(e, 'mrz', 'sobrenome')?.value].filter(Boolean).join(' ');
    if (nome && zoneName && nome.conf >= SURE && nome.bbox.join() !== mrz.bbox.join()) {
      // The zone holds the name without accents, surname first, possibly truncated: compare the words.
      const words = (s: string) => new Set(fold(s).split(/[^A-Z]+/).filter((w) => w.length > 2));
      const printed = words(nome.value);
      const zone = words(zoneName);
      const shared = [...zone].filter((w) => printed.has(w)).length;
      if (shared < Math.min(printed.size, zone.size) / 2) differences.push('nome diferente da MRZ');
    }
    return differences.length ? `A MRZ diverge do impresso (${differences.join('; ')}).` : undefined;
  },
};
