import { afterAll, describe, expect, it } from 'vitest';
import { closeOcrPool, type OcrLine } from '../ocr';
import { restoreAccents } from './accents';
import type { Box, Grey } from './box';
import { drawnPage } from './drawn-page';
import { accentedForms, confusionCandidates, digitsReadForLetters, isKnownName, joinedNames, listedUnaccented, lostInitialCandidates, splitName } from './names-known';
import { personName } from './normalize';
import { lexiconRepair, repairName } from './names-repair';

/** Words printed in capitals on one line (optionally under a dense hatching, as a security print over the marks); the page and each word's box (capitals only, as OCR gives it when it drops an accent). */
function printed(words: { text: string; hatched?: boolean }[]): { page: Grey; boxes: Box[] } {
  const boxes: Box[] = [];
  const page = drawnPage(1000, 200, (ctx) => {
    ctx.font = 'bold 40px sans-serif';
    let x = 40;
    for (const w of words) {
      const m = Math.ceil(ctx.measureText(w.text).width);
      if (w.hatched) {
        ctx.strokeStyle = '#555';
        ctx.lineWidth = 2;
        for (let hx = x - 40; hx < x + m + 40; hx += 4) {
          ctx.beginPath();
          ctx.moveTo(hx, 60);
          ctx.lineTo(hx + 30, 101);
          ctx.stroke();
        }
      }
      ctx.fillText(w.text, x, 130);
      boxes.push([x, 130 - 29, m, 29]);
      x += m + 30;
    }
  });
  return { page, boxes };
}

const line = (texts: string[], boxes: Box[]): OcrLine => ({ text: texts.join(' '), conf: 90, bbox: boxes[0]!, words: texts.map((text, i) => ({ text, conf: 90, bbox: boxes[i]! })) });

afterAll(async () => closeOcrPool());

describe('the name lexicon', () => {
  it('knows Brazilian names with and without their accents, Brazilian spellings first', () => {
    expect(isKnownName('FABIO')).toBe(true);
    expect(accentedForms('FABIO')).toEqual(['FÁBIO']);
    expect(listedUnaccented('FABIO')).toBe(true);
    expect(accentedForms('INES')).toEqual(['INÊS']);
    // Listed as ANTONIO, ANTÓNIO, ANTÔNIO and ANTÕNIO: the European and the misspelt forms lose.
    expect(accentedForms('ANTONIO')).toEqual(['ANTÔNIO']);
    expect(accentedForms('SILVA')).toEqual([]);
    expect(accentedForms('GALVAO')).toEqual(['GALVÃO']);
  });

  it('reads a name word whose capitals were read as look-alike digits as the name it spells, and no number as a name', () => {
    expect(digitsReadForLetters('1515')).toBe('ISIS');
    expect(digitsReadForLetters('5ANTOS')).toBe('SANTOS');
    // A date, a number, a word without digits or spelling no known name: left alone.
    expect(digitsReadForLetters('1981')).toBeUndefined();
    expect(digitsReadForLetters('67825791')).toBeUndefined();
    expect(digitsReadForLetters('SANTOS')).toBeUndefined();
    expect(digitsReadForLetters('D0')).toBeUndefined();
    expect(personName('LUCIA 1515 DA SANTANA')).toBe('LUCIA ISIS DA SANTANA');
    expect(personName('MARIA 12 SOUZA')).toBe('MARIA SOUZA');
  });

  it('takes B and S for one another (SEATRIZ read for BEATRIZ)', () => {
    expect(lexiconRepair('SEATRIZ', true)).toBe('BEATRIZ');
    expect(lexiconRepair('BANTOS')).toBe('SANTOS');
  });

  it('takes S and J for one another (SOSÉ read for JOSÉ, JÉRGIO for SÉRGIO: a blurred J closes at its top)', () => {
    expect(lexiconRepair('SOSÉ', true)).toBe('JOSE');
    expect(lexiconRepair('JÉRGIO')).toBe('SERGIO');
    // Either reading known: taken as printed.
    expect(lexiconRepair('SOUZA')).toBeUndefined();
  });

  it('takes M and H, T and Z for one another (ROCMA read for ROCHA, SOUTA for SOUZA on small tuning photos)', () => {
    expect(lexiconRepair('ROCMA')).toBe('ROCHA');
    expect(lexiconRepair('SOUTA')).toBe('SOUZA');
    for (const known of ['MELO', 'HELENA', 'TATIANA', 'ZULMIRA']) expect(lexiconRepair(known)).toBeUndefined();
  });

  it('finds the one known name a letter confusion hides, and nothing for a known or unrelated word', () => {
    expect(confusionCandidates('CATO', true)).toEqual(['CAIO']);
    expect(lexiconRepair('CATO', true)).toBe('CAIO');
    expect(lexiconRepair('JOAD', true)).toBe('JOAO');
    expect(lexiconRepair('CAIO', true)).toBeUndefined();
    expect(lexiconRepair('XYZW', true)).toBeUndefined();
    // The first word of a name is a given name: IAGO is not taken for the surname LAGO.
    expect(lexiconRepair('IAGO', true)).toBeUndefined();
  });

  it('a marked capital taken for another vowel is a confusion only where the known name has its mark', () => {
    // The mark hides the letter's top: LÓCIA for LÚCIA, CÁSAR for CÉSAR.
    expect(confusionCandidates('LÓCIA', true)).toEqual(['LUCIA']);
    expect(confusionCandidates('CÁSAR', true)).toEqual(['CESAR']);
    // Without the mark the vowel stands as read; a mark on a letter the name does not mark proves nothing.
    expect(confusionCandidates('LOCIA', true)).toEqual([]);
    expect(confusionCandidates('LUCÍA', true)).toEqual([]);
  });
});

describe('names read without the spaces between them', () => {
  it('are split where the lexicon knows every part, particles only between names, accents kept', () => {
    expect(joinedNames('JOSÉDAMOREIRA')).toEqual(['JOSÉ', 'DA', 'MOREIRA']);
    expect(joinedNames('SANTOSOLIVEIRA')).toEqual(['SANTOS', 'OLIVEIRA']);
    // A name the lexicon knows, a short word, a word that ends in a particle, or one no split explains: left whole.
    for (const w of ['CONCEIÇÃO', 'BITTENCOURT', 'MARIANA', 'JOSÉDA', 'ROSALINDA', 'JOSÉDAMOREIRAX']) expect(joinedNames(w)).toBeUndefined();
  });

  it('are split in a name line, its lower-case speck dropped (tuned-variety opened CNH 2001: the father read `hà JOSÉDAMOREIRA`)', () => {
    expect(personName('hà  JOSÉDAMOREIRA')).toBe('JOSÉ DA MOREIRA');
    expect(personName('MARIA CONCEIÇÃO DOS SANTOS')).toBe('MARIA CONCEIÇÃO DOS SANTOS');
  });
});

describe('a name read as two words', () => {
  it('is one again where a lost letter or a space split it and the lexicon knows it whole (rough variety CIN back 3004, CNH front 3006)', () => {
    expect(splitName('VITÓ', 'IA')).toBe('VITÓRIA');
    expect(splitName('GO', 'ÇALVES')).toBe('GONÇALVES');
    expect(personName('VITÓ IA TEIXEIRA ROCHA DAS PEREIRA')).toBe('VITÓRIA TEIXEIRA ROCHA DAS PEREIRA');
    expect(personName('RODRIGO DO GO ÇALVES')).toBe('RODRIGO DO GONÇALVES');
  });
  it('is left as two where the lexicon knows either word, or no one name fits', () => {
    expect(splitName('MARIA', 'CLARA')).toBeUndefined();
    expect(splitName('ANA', 'LI')).toBeUndefined();
    expect(splitName('XAVI', 'QUO')).toBeUndefined();
    expect(personName('JOÃO PEDRO DE SOUZA')).toBe('JOÃO PEDRO DE SOUZA');
  });
});

describe('accents given back by the lexicon and the picture', () => {
  it('FABIO becomes FÁBIO when the mark is seen', () => {
    const { page, boxes } = printed([{ text: 'FÁBIO' }]);
    const l = line(['FABIO'], boxes);
    restoreAccents(page, [l]);
    expect(l.text).toBe('FÁBIO');
  });

  it('a name printed without accents stays without', () => {
    const { page, boxes } = printed([{ text: 'FABIO' }, { text: 'INES' }, { text: 'GALVAO' }]);
    const l = line(['FABIO', 'INES', 'GALVAO'], boxes);
    expect(restoreAccents(page, [l])).toBe(0);
    expect(l.text).toBe('FABIO INES GALVAO');
  });

  it('where the picture cannot tell, follows the names of the same page', () => {
    // ARAÚJO shows its mark: this document prints accents, so the hatched FABIO is FÁBIO.
    const accented = printed([{ text: 'ARAÚJO' }, { text: 'FÁBIO', hatched: true }]);
    const a = line(['ARAUJO', 'FABIO'], accented.boxes);
    restoreAccents(accented.page, [a]);
    expect(a.text).toBe('ARAÚJO FÁBIO');
    // ARAUJO is clearly printed without: the hatched FABIO is left as read.
    const plain = printed([{ text: 'ARAUJO' }, { text: 'FABIO', hatched: true }]);
    const p = line(['ARAUJO', 'FABIO'], plain.boxes);
    restoreAccents(plain.page, [p]);
    expect(p.text).toBe('ARAUJO FABIO');
  });

  it('keeps marks OCR read on a name the lexicon does not know, and corrects their kind on one it knows', () => {
    const { page, boxes } = printed([{ text: 'ZÉLIOMAR' }, { text: 'MÔNICA' }]);
    const l = line(['ZÉLIOMAR', 'MÓNICA'], boxes);
    restoreAccents(page, [l]);
    expect(l.text).toBe('ZÉLIOMAR MÔNICA');
  });
});

describe('letters confused inside a name', () => {
  it('CATO read for a printed CAIO is repaired', async () => {
    const { page, boxes } = printed([{ text: 'CAIO' }, { text: 'BRANDÃO' }]);
    expect(await repairName(page, 'CATO BRANDÃO', [{ text: 'CATO', conf: 80, bbox: boxes[0]! }])).toBe('CAIO BRANDÃO');
  });

  it('LÓCIA read for a printed LÚCIA is repaired with the mark the reading saw', async () => {
    const { page, boxes } = printed([{ text: 'LÚCIA' }, { text: 'MELO' }]);
    expect(await repairName(page, 'LÓCIA MELO', [{ text: 'LÓCIA', conf: 80, bbox: boxes[0]! }])).toBe('LÚCIA MELO');
  });

  it('a printed CATO (a name outside the lexicon) is kept: the constrained re-read confirms its T', async () => {
    const { page, boxes } = printed([{ text: 'CATO' }, { text: 'BRANDÃO' }]);
    expect(await repairName(page, 'CATO BRANDÃO', [{ text: 'CATO', conf: 80, bbox: boxes[0]! }])).toBe('CATO BRANDÃO');
  });
});

describe('a first letter lost by the reading', () => {
  /** The box of a printed word without its first letter, as OCR gives it when it drops that letter. */
  const withoutFirst = (text: string, box: Box): Box => {
    const first = printed([{ text: text[0]! }]).boxes[0]![2];
    return [box[0] + first + 2, box[1], box[2] - first - 2, box[3]];
  };

  it('the lexicon offers the names one letter longer at the front', () => {
    expect(lostInitialCandidates('USTAVO', true)).toEqual(['GUSTAVO']);
    expect(lostInitialCandidates('SIS', true)).toEqual(['ISIS']);
    expect(lostInitialCandidates('GUSTAVO', true)).toEqual([]);
  });

  it('USTAVO and SIS read for a printed GUSTAVO and ÍSIS are given their letter back, with its accent', async () => {
    const g = printed([{ text: 'GUSTAVO' }, { text: 'DAS' }, { text: 'NUNES' }]);
    expect(await repairName(g.page, 'USTAVO DAS NUNES', [{ text: 'USTAVO', conf: 80, bbox: withoutFirst('GUSTAVO', g.boxes[0]!) }, { text: 'DAS', conf: 90, bbox: g.boxes[1]! }])).toBe('GUSTAVO DAS NUNES');
    const i = printed([{ text: 'ÍSIS' }, { text: 'ROCHA' }]);
    expect(await repairName(i.page, 'SIS ROCHA', [{ text: 'SIS', conf: 80, bbox: withoutFirst('I', i.boxes[0]!) }])).toBe('ÍSIS ROCHA');
  });

  it('the line read again already has the letter (ISIS for the SIS the page gave): the longer name, with its accent', async () => {
    const i = printed([{ text: 'ÍSIS' }, { text: 'ROCHA' }]);
    expect(await repairName(i.page, 'SIS ROCHA', [{ text: 'ISIS', conf: 80, bbox: i.boxes[0]! }, { text: 'ROCHA', conf: 90, bbox: i.boxes[1]! }])).toBe('ÍSIS ROCHA');
  });

  it('nothing printed before the word: it is kept as read', async () => {
    const { page, boxes } = printed([{ text: 'USTAVO' }, { text: 'DAS' }]);
    expect(await repairName(page, 'USTAVO DAS', [{ text: 'USTAVO', conf: 80, bbox: boxes[0]! }])).toBe('USTAVO DAS');
  });
});
