import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generate, td3 } from '@/scripts/synth';
import { intake } from '../media';
import type { OcrLine } from '../ocr';
import { extractFields, SHORT_VALUES, shortValueRegions } from './extract';
import { fillCinShortValues, fillCnhCategory, fillDatesAround, fillDatesByChronology, fillNamesByOrder, fillRgByShape } from './fallbacks';
import { preparedPageAndGlare } from './engine';
import { flattenIllumination } from './illumination';
import { rgNumberIn } from './normalize';
import { halves, homography, locateDocument, quadShape, rectify } from './locate';
import { readMrz } from './mrz';
import type { OcrField, RecognizedType } from './types';

/** An OCR line at a height, one word per space-separated token. */
function line(text: string, y: number, conf = 90): OcrLine {
  let x = 10;
  const words = text.split(' ').map((w) => {
    const word = { text: w, conf, bbox: [x, y, w.length * 10, 20] as [number, number, number, number] };
    x += w.length * 10 + 10;
    return word;
  });
  return { text, conf, bbox: [10, y, x - 20, 20], words };
}

/** The holder and parents `fillNamesByOrder` takes from lines. */
function namesByOrder(type: Parameters<typeof fillNamesByOrder>[0], lines: OcrLine[]) {
  const out: OcrField[] = [];
  fillNamesByOrder(type, lines, out);
  return { nome: out.find((f) => f.key === 'nome')?.value, parents: out.find((f) => f.key === 'filiacao')?.fields?.map((f) => f.value) };
}

/** An OCR line whose word boxes are `height` tall, accented ones `accented` times that (marks over capitals). */
function sized(text: string, y: number, height: number, { conf = 95, accented = 1 } = {}): OcrLine {
  const l = line(text, y, conf);
  return { ...l, words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], y, w.bbox[2], /[À-Ý]/.test(w.text) ? height * accented : height] as [number, number, number, number] })) };
}

describe('finding the document in a photo', () => {
  it('finds the corners of a tilted card on a table and undoes the perspective', async () => {
    // A light card drawn as a quadrilateral on a darker, unevenly lit surface.
    const corners = [
      [150, 90],
      [830, 140],
      [800, 560],
      [110, 500],
    ];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a6470"/><stop offset="1" stop-color="#8a94a0"/></linearGradient></defs>
      <rect width="960" height="640" fill="url(#s)"/>
      <polygon points="${corners.map((c) => c.join(',')).join(' ')}" fill="#eef2ea"/>
      <text x="300" y="330" font-size="40" fill="#111">CARTEIRA</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const quad = await locateDocument(png);
    expect(quad).toBeDefined();
    quad!.forEach(([x, y], i) => {
      expect(Math.abs(x - corners[i]![0]!)).toBeLessThan(12);
      expect(Math.abs(y - corners[i]![1]!)).toBeLessThan(12);
    });
    const r = await rectify(png, quad!);
    expect(r.width).toBeGreaterThan(650);
    expect(r.height).toBeGreaterThan(380);
    // Rectified corners land on the photo's corners.
    const [x, y] = r.toPhoto(r.width, r.height);
    expect(Math.abs(x - quad![2][0])).toBeLessThan(1);
    expect(Math.abs(y - quad![2][1])).toBeLessThan(1);
  });

  it('measures a tilted document’s shape from its corners, not from its squarer bounding box', () => {
    // An RG opened flat (three times as wide as tall) turned 9 degrees: its bounding box is only about 2.2 times as wide.
    const t = (9 * Math.PI) / 180;
    const at = (x: number, y: number): [number, number] => [500 + x * Math.cos(t) - y * Math.sin(t), 300 + x * Math.sin(t) + y * Math.cos(t)];
    const quad = [at(-450, -150), at(450, -150), at(450, 150), at(-450, 150)];
    const xs = quad.map((p) => p[0]);
    const ys = quad.map((p) => p[1]);
    expect((Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys))).toBeLessThan(2.3);
    expect(quadShape(quad)).toBeCloseTo(3, 5);
    // Standing on end it is a third as wide as tall.
    expect(quadShape([at(-150, -450), at(150, -450), at(150, 450), at(-150, 450)])).toBeCloseTo(1 / 3, 5);
  });

  it('does not take a strip of one card for two cards side by side: both halves of a document opened flat are printed', async () => {
    // A pale CPF card under glare on a pale table (the tuning generator's variety and rough photo, seed 3108): the flood
    // ran in over its upper half and outlined the lower one, 3.4 times as wide as tall, its right half bare.
    const s = await generate('CPF', 3108, 'photo', { variety: true, rough: true });
    const quad = await locateDocument(s.image);
    const shape = quad && quadShape(quad);
    expect(shape === undefined || Math.max(shape, 1 / shape) < 2).toBe(true);
    // The halves of an outline, across its long side either way up.
    const wide: [number, number][] = [[0, 0], [300, 0], [300, 100], [0, 100]];
    expect(halves(wide as never)).toEqual([[[0, 0], [150, 0], [150, 100], [0, 100]], [[150, 0], [300, 0], [300, 100], [150, 100]]]);
    const tall: [number, number][] = [[0, 0], [100, 0], [100, 300], [0, 300]];
    expect(halves(tall as never)[1]).toEqual([[0, 150], [100, 150], [100, 300], [0, 300]]);
  }, 30_000);

  it('gives up when the document fills the frame', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#eeeeee' } }).png().toBuffer();
    expect(await locateDocument(png)).toBeUndefined();
  });

  it('maps the unit square exactly through a homography', () => {
    const h = homography(
      [
        [10, 20],
        [110, 25],
        [105, 90],
        [5, 80],
      ],
      100,
      50,
    );
    expect(h(0, 0)).toEqual([10, 20]);
    h(100, 50).forEach((v, i) => expect(v).toBeCloseTo([105, 90][i]!, 6));
  });
});

describe('uneven light', () => {
  it('keeps text readable under a shadow: ink stays dark, shaded paper turns white', async () => {
    const w = 400;
    const h = 100;
    const grey = Buffer.alloc(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = Math.round(220 - (x / w) * 140); // shadow to the right
    for (let y = 40; y < 60; y++) for (const x0 of [24, 364]) for (let x = x0; x < x0 + 3; x++) grey[y * w + x] = Math.round((220 - (x / w) * 140) * 0.3);
    const flat = await flattenIllumination(grey, w, h);
    expect(flat.pixels[10 * w + 380]).toBe(255); // shaded paper
    expect(flat.pixels[50 * w + 365]!).toBeLessThan(60); // ink in the shadow
    expect(flat.pixels[50 * w + 25]!).toBeLessThan(60); // ink in the light
  });
});

/** An OCR line from words placed by hand (`[text, x, y, width, height]`); its box is their union, as Tesseract gives it. */
function placed(words: [string, number, number, number, number][], conf = 90): OcrLine {
  const ws = words.map(([text, x, y, w, h]) => ({ text, conf, bbox: [x, y, w, h] as [number, number, number, number] }));
  const x0 = Math.min(...ws.map((w) => w.bbox[0]));
  const y0 = Math.min(...ws.map((w) => w.bbox[1]));
  const x1 = Math.max(...ws.map((w) => w.bbox[0] + w.bbox[2]));
  const y1 = Math.max(...ws.map((w) => w.bbox[1] + w.bbox[3]));
  return { text: words.map((w) => w[0]).join(' '), conf, bbox: [x0, y0, x1 - x0, y1 - y0], words: ws };
}

describe('values under their labels', () => {
  it('maps the dates under DATA EMISSÃO / VALIDADE on an open CNH when a speck at the edge stretches their line', () => {
    // As read on a CNH opened flat (front above back): a mark at the picture's left edge joined the
    // value line, whose box then starts above the labels' line.
    const lines = [
      placed([['LETÍCIA', 448, 286, 140, 38], ['NUNES', 826, 286, 120, 38]]),
      placed([['/', 302, 459, 8, 24], ['4a', 446, 462, 20, 15], ['DATA', 473, 462, 45, 15], ['EMISSÃO', 525, 462, 80, 15], ['4b', 845, 462, 20, 15], ['VALIDADE', 874, 462, 80, 15]]),
      placed([[')', 263, 418, 12, 113], ['26/06/2022', 446, 492, 180, 34], ['26/06/2032', 845, 492, 180, 34]]),
      placed([['4c', 446, 557, 20, 15], ['DOC.', 471, 557, 40, 15], ['IDENTIDADE/ORG', 520, 557, 150, 15]]),
      placed([['7160547', 445, 590, 130, 34], ['SSP', 588, 590, 60, 34], ['PR', 656, 590, 40, 34]]),
    ];
    const got = Object.fromEntries(extractFields('CNH_ABERTA', lines, undefined).map((f) => [f.key, f.value]));
    expect(got.dataEmissao).toBe('2022-06-26');
    expect(got.validade).toBe('2032-06-26');
    expect(got.rg).toBe('7160547');
  });

  it("reads the issue date on a CNH's back, beside where it was issued", () => {
    const lines = [
      placed([['12', 60, 70, 20, 15], ['OBSERVAÇÕES', 85, 70, 110, 15]]),
      placed([['EAR', 60, 100, 60, 34]]),
      placed([['LOCAL', 60, 240, 50, 15], ['DATA', 700, 240, 45, 15], ['EMISSÃO', 752, 240, 80, 15]]),
      placed([['CAMPINAS,', 60, 270, 160, 34], ['SP', 230, 270, 40, 34], ['14/03/2021', 700, 270, 180, 34]]),
    ];
    const got = Object.fromEntries(extractFields('CNH_VERSO', lines, undefined).map((f) => [f.key, f.value]));
    expect(got.dataEmissao).toBe('2021-03-14');
    // Its label garbled ("Emvda Em" for "Emitida Em"): the back's one date is still the issue date.
    const garbled = [lines[0]!, lines[1]!, placed([['Local', 60, 240, 50, 15], ['Emvda', 700, 240, 45, 15], ['Em', 752, 240, 30, 15]]), lines[3]!];
    expect(Object.fromEntries(extractFields('CNH_VERSO', garbled, undefined).map((f) => [f.key, f.value])).dataEmissao).toBe('2021-03-14');
  });

  it('finds an unlabelled CNH registration number as its own word, not run into the CPF beside it', () => {
    const got = Object.fromEntries(extractFields('CNH_FRENTE', [line('449.268.336-46 65715012935 C', 300)], undefined).map((f) => [f.key, f.value]));
    expect(got.numeroRegistro).toBe('65715012935');
    expect(got.cpf).toBe('44926833646');
  });

  it('finds an unlabelled identity number, issuer and UF on a CNH, the number plain or grouped', () => {
    for (const [text, rg] of [['12.345.678-9 SSP MG', '123456789'], ['1.234.567 PC/GO', '1234567'], ['61514586 SESP PR', '61514586'], ['23.456.789-X IFP RJ', '23456789X'], ['MG-12.345.678 SSP MG', '12345678'], ['MG10123456 PC MG', '10123456'], ['12345678-SSP/SP', '12345678'], ['12345678 / SSP / SP', '12345678'], ['12345678SSP SP', '12345678'], ['TO407408 SSP RN', '70407408'], ['2.554 .620-4 PCDF DF', '25546204']] as const) {
      const got = Object.fromEntries(extractFields('CNH_FRENTE', [line(text, 300)], undefined).map((f) => [f.key, f.value]));
      expect(got.rg, text).toBe(rg);
      expect(got.ufEmissor, text).toBe(text.slice(-2));
    }
    // A formatted CPF is no identity number, under the identity label or not.
    const cpf = Object.fromEntries(extractFields('CNH_FRENTE', [line('449.268.336-46 SP', 300)], undefined).map((f) => [f.key, f.value]));
    expect(cpf.rg).toBeUndefined();
    const under = Object.fromEntries(extractFields('CNH_FRENTE', [line('DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 260), line('449.268.336-46 SP', 300)], undefined).map((f) => [f.key, f.value]));
    expect(under.rg).toBeUndefined();
    // The same shapes under the label.
    const labelled = Object.fromEntries(extractFields('CNH_FRENTE', [line('DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 260), line('MG-12.345.678-SSP/MG', 300)], undefined).map((f) => [f.key, f.value]));
    expect(labelled).toMatchObject({ rg: '12345678', orgaoEmissor: 'SSP', ufEmissor: 'MG' });
    const split = Object.fromEntries(extractFields('CNH_FRENTE', [line('IDENTIDADE ORGÃO EMISSOR UF', 260), line('2.554 .620-4 PCDF DF', 300)], undefined).map((f) => [f.key, f.value]));
    expect(split).toMatchObject({ rg: '25546204', orgaoEmissor: 'PCDF', ufEmissor: 'DF' });
    // Issuer and UF run together under the label ("SSPTO": the space lost in a blurred photo), as beside no label.
    const joined = Object.fromEntries(extractFields('CNH_FRENTE', [line('DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 260), line('61483249 SSPTO', 300)], undefined).map((f) => [f.key, f.value]));
    expect(joined).toMatchObject({ rg: '61483249', orgaoEmissor: 'SSP', ufEmissor: 'TO' });
  });

  it('takes a name printed on its label\'s row without a colon before the line under it (the father)', () => {
    const inline = Object.fromEntries(extractFields('RG_VERSO', [line('Nome Name OTÁVIO DAMASCENO', 40), line('PAI RENATO DAMASCENO LOUREIRO', 70), line('MÃE REGINA MAGALHÃES', 100)], undefined).map((f) => [f.key, f.value]));
    expect(inline.nome).toBe('OTÁVIO DAMASCENO');
    // Stacked: nothing beside the label, the name under it.
    const stacked = Object.fromEntries(extractFields('RG_VERSO', [line('NOME', 40), line('OTÁVIO DAMASCENO', 70)], undefined).map((f) => [f.key, f.value]));
    expect(stacked.nome).toBe('OTÁVIO DAMASCENO');
    // A value a column away on the label's row is another field's: the name under the label stands.
    const apart = placed([['NOME', 10, 40, 50, 20], ['JOSEFA', 400, 40, 80, 20], ['LIMA', 490, 40, 50, 20]]);
    const columns = Object.fromEntries(extractFields('RG_VERSO', [apart, line('OTÁVIO DAMASCENO', 70)], undefined).map((f) => [f.key, f.value]));
    expect(columns.nome).toBe('OTÁVIO DAMASCENO');
    // The parents' label read with a digit for a letter (`Nome do1 Pais`, rough variety RG front 3004) is no name on its row.
    const parents = Object.fromEntries(extractFields('RG_FRENTE', [line('Nome', 40), line('RODRIGO CONCEIÇÃO MACHADO', 70), line('Nome do1 Pais', 110), line('PAULA DOS SILVA', 140)], undefined).map((f) => [f.key, f.value]));
    expect(parents.nome).toBe('RODRIGO CONCEIÇÃO MACHADO');
    // Garbled past its wordings (`Nome dor Part`, rough variety CNH front 3001): a row value naming no one the lexicon
    // knows gives way to the name under the label; an unknown name on its row stands when the line under names no one.
    const garbled = Object.fromEntries(extractFields('CNH_FRENTE', [line('Nome', 40), line('BEATRIZ DE DIAS ARAÚJO BRAGANÇA', 70), line('Nome dor Part', 110), line('JOÃO ANDRÉ DA NASCIMENTO CASTRO', 140)], undefined).map((f) => [f.key, f.value]));
    expect(garbled.nome).toBe('BEATRIZ DE DIAS ARAÚJO BRAGANÇA');
    const unknown = Object.fromEntries(extractFields('RG_VERSO', [line('Nome Name XAVIQUE DORTMUNDO', 40), line('QWERTO ZYGMUNT', 70)], undefined).map((f) => [f.key, f.value]));
    expect(unknown.nome).toBe('XAVIQUE DORTMUNDO');
  });

  it('reads the identity line and the birth line when their label ran into them or a slash blurred into a colon', () => {
    // The label's last stroke read as a colon before the number; the birth date with one slash lost and one a colon.
    const got = Object.fromEntries(extractFields('CNH_ABERTA', [line('1501: 1952, TAGUATINGA, DF', 200), line(':1.142.547-9 PCDF DF 877.262.437-08', 300)], undefined).map((f) => [f.key, f.value]));
    expect(got).toMatchObject({ rg: '11425479', orgaoEmissor: 'PCDF', ufEmissor: 'DF', naturalidade: 'TAGUATINGA/DF', dataNascimento: '1952-01-15', cpf: '87726243708' });
    // A letter before the number is still no place for one to start.
    const run = Object.fromEntries(extractFields('CNH_FRENTE', [line('AB1.142.547-9 PCDF DF', 300)], undefined).map((f) => [f.key, f.value]));
    expect(run.orgaoEmissor).toBeUndefined();
  });

  it('reads the identity line when a mark before the issuer was read as a digit glued to it', () => {
    // An opened rough CNH, its label lost: "22319312 5SSP MA". No issuer starts with a digit.
    const got = Object.fromEntries(extractFields('CNH_ABERTA', [line('22319312 5SSP MA', 300)], undefined).map((f) => [f.key, f.value]));
    expect(got).toMatchObject({ rg: '22319312', orgaoEmissor: 'SSP', ufEmissor: 'MA' });
    // Only before a known issuer: letters that name none keep the digit, and the line is no identity line.
    const other = Object.fromEntries(extractFields('CNH_FRENTE', [line('22319312 5ABC', 300)], undefined).map((f) => [f.key, f.value]));
    expect(other.rg).toBeUndefined();
  });
});

describe('values after their labels, and issuers\' other wordings', () => {
  it('reads "Label: value" rows (a CPF receipt prints its fields inline)', () => {
    const lines = [line('COMPROVANTE DE INSCRIÇÃO NO CPF', 20), line('Nº do CPF: 529.982.247-25', 80), line('Nome: MARIANA DOS SANTOS LIMA', 120), line('Data de Nascimento: 14/03/1991', 160)];
    const got = Object.fromEntries(extractFields('CPF', lines, undefined).map((f) => [f.key, f.value]));
    expect(got).toMatchObject({ cpf: '52998224725', nome: 'MARIANA DOS SANTOS LIMA', dataNascimento: '1991-03-14' });
  });

  it('reads the birthplace under the other wordings states print for it', () => {
    for (const label of ['MUNICÍPIO DE NASCIMENTO', 'NATURAL DE', 'CIDADE DE NASCIMENTO']) {
      // "CITY UF" without a dash: not the shape the label-less fallback takes.
      const got = Object.fromEntries(extractFields('RG_VERSO', [line(label, 100), line('BRASÍLIA DF', 130)], undefined).map((f) => [f.key, f.value]));
      expect(got.naturalidade, label).toBe('BRASÍLIA/DF');
    }
  });

  it('reads dates and parents under the other wordings issuers print for them', () => {
    const fields = (type: 'CNH_FRENTE' | 'RG_VERSO', label: string, value: string, value2?: string) =>
      Object.fromEntries(extractFields(type, [line(label, 100), line(value, 130), ...(value2 ? [line(value2, 160)] : [])], undefined).map((f) => [f.key, f.value]));
    expect(fields('CNH_FRENTE', '4b VENCIMENTO', '26/03/2034').validade).toBe('2034-03-26');
    expect(fields('CNH_FRENTE', '1ª HAB.', '25/02/2014').primeiraHabilitacao).toBe('2014-02-25');
    expect(fields('CNH_FRENTE', '4a EMITIDA EM', '26/03/2024').dataEmissao).toBe('2024-03-26');
    expect(fields('RG_VERSO', 'DATA DE NASC.', '06/03/1979').dataNascimento).toBe('1979-03-06');
    expect(fields('RG_VERSO', 'NASCIDO(A) EM', '06/03/1979').dataNascimento).toBe('1979-03-06');
    expect(fields('RG_VERSO', 'NOME DOS PAIS', 'LUIS SANTANA', 'JOAO PAULA NUNES').filiacao).toBe('LUIS SANTANA / JOAO PAULA NUNES');
    expect(fields('RG_VERSO', 'PAI E MÃE', 'LUIS SANTANA', 'JOAO PAULA NUNES').filiacao).toBe('LUIS SANTANA / JOAO PAULA NUNES');
  });

  it('does not take the rest of a bilingual label, or a label of the next column, for a value', () => {
    const lines = [
      placed([['NATURALIDADE', 40, 100, 150, 20], ['/', 200, 100, 8, 20], ['PLACE', 216, 100, 60, 20], ['OF', 284, 100, 24, 20], ['BIRTH', 316, 100, 60, 20]]),
      placed([['CAMPINAS/SP', 40, 140, 150, 30]]),
      placed([['4a', 40, 200, 20, 20], ['DATA', 66, 200, 50, 20], ['EMISSÃO', 122, 200, 90, 20], ['4b', 500, 200, 20, 20], ['VALIDADE', 526, 200, 90, 20]]),
      placed([['02/03/2021', 40, 240, 160, 30], ['01/03/2031', 500, 240, 160, 30]]),
    ];
    const got = Object.fromEntries(extractFields('CIN_VERSO', lines, undefined).map((f) => [f.key, f.value]));
    expect(got.naturalidade).toBe('CAMPINAS/SP');
    const cnh = Object.fromEntries(extractFields('CNH_FRENTE', lines, undefined).map((f) => [f.key, f.value]));
    expect(cnh).toMatchObject({ dataEmissao: '2021-03-02', validade: '2031-03-01' });
    // Without a colon, a date beside the label belongs to the next column (its label higher up): the value is the one under it.
    const columns = [placed([['DATA', 40, 100, 50, 20], ['NASCIMENTO', 96, 100, 120, 20], ['21/03/2019', 250, 96, 160, 30]]), placed([['12/12/1983', 40, 140, 160, 30]])];
    expect(extractFields('CNH_FRENTE', columns, undefined).find((f) => f.key === 'dataNascimento')?.value).toBe('1983-12-12');
  });

  it('finds fields under the wordings other issuers use', () => {
    const lines = [
      line('NOME CIVIL', 20),
      line('RAFAELA MOREIRA DUARTE', 50),
      line('DATA DE EMISSAO', 100),
      line('05/05/2020', 130),
      line('DATA DE VALIDADE', 180),
      line('05/05/2030', 210),
      line('CATEGORIA', 260),
      line('AB', 290),
      line('LOCAL DE NASCIMENTO', 340),
      line('RECIFE/PE', 370),
    ];
    const cnh = Object.fromEntries(extractFields('CNH_FRENTE', lines, undefined).map((f) => [f.key, f.value]));
    expect(cnh).toMatchObject({ nome: 'RAFAELA MOREIRA DUARTE', dataEmissao: '2020-05-05', validade: '2030-05-05', categoria: 'AB' });
    // The identity document's issuer and state joined by a hyphen, as RGs print them.
    const doc = Object.fromEntries(extractFields('CNH_FRENTE', [line('4c DOC. IDENTIDADE/ÓRG. EMISSOR/UF', 20), line('12.345.678-9 SSP-SP', 50)], undefined).map((f) => [f.key, f.value]));
    expect(doc).toMatchObject({ rg: '123456789', orgaoEmissor: 'SSP', ufEmissor: 'SP' });
    const rg = Object.fromEntries(extractFields('RG_VERSO', lines, undefined).map((f) => [f.key, f.value]));
    expect(rg).toMatchObject({ nome: 'RAFAELA MOREIRA DUARTE', naturalidade: 'RECIFE/PE', dataExpedicao: '2020-05-05' });
  });
  it('finds labels that an issuer shortened ("DATA DE NASC.", "1ª HAB.") but not a shortening standing alone', () => {
    const lines = [line('DATA DE NASC.', 20), line('17/09/1992', 50), line('1ª HAB.', 100), line('05/09/2011', 130)];
    const cnh = Object.fromEntries(extractFields('CNH_FRENTE', lines, undefined).map((f) => [f.key, f.value]));
    expect(cnh).toMatchObject({ dataNascimento: '1992-09-17', primeiraHabilitacao: '2011-09-05' });
    // OCR lost the dot: a shortening of four letters or more still counts, beside a word spelt in full.
    const undotted = Object.fromEntries(extractFields('CPF', [line('DATA DE NASC', 20), line('10/09/1951', 50)], undefined).map((f) => [f.key, f.value]));
    expect(undotted).toMatchObject({ dataNascimento: '1951-09-10' });
    // "NASC." alone shortens too little to be the birth-date label (on an RG back: a CPF card's one date is its birth date anyway).
    const alone = extractFields('RG_VERSO', [line('NASC.', 20), line('10/09/1951', 50)], undefined);
    expect(alone.find((f) => f.key === 'dataNascimento')).toBeUndefined();
  });
  it('puts labelled dates that cannot be true as labelled in the chronology of a life, but leaves a misread year as read', () => {
    const today = new Date().getFullYear();
    const swapped = [line('VALIDADE', 20), line('05/09/2011', 50), line('1ª HABILITAÇÃO', 100), line(`17/09/${today + 5}`, 130), line('DATA DE NASCIMENTO', 180), line('17/09/1990', 210)];
    const cnh = Object.fromEntries(extractFields('CNH_FRENTE', swapped, undefined).map((f) => [f.key, f.value]));
    expect(cnh).toMatchObject({ dataNascimento: '1990-09-17', primeiraHabilitacao: '2011-09-05', validade: `${today + 5}-09-17` });
    // A birth year misread into the future: in order it would be the expiry, decades ahead, which no CNH has. Left as read.
    const misread = [line('VALIDADE', 20), line(`17/09/${today + 5}`, 50), line('1ª HABILITAÇÃO', 100), line('05/09/2011', 130), line('DATA DE NASCIMENTO', 180), line('17/09/2090', 210)];
    const kept = Object.fromEntries(extractFields('CNH_FRENTE', misread, undefined).map((f) => [f.key, f.value]));
    expect(kept).toMatchObject({ dataNascimento: '2090-09-17', primeiraHabilitacao: '2011-09-05', validade: `${today + 5}-09-17` });
  });
  it('reads a value printed beside its label without a colon only when nothing is under the label', () => {
    const rg = Object.fromEntries(extractFields('RG_VERSO', [line('REGISTRO GERAL 12.345.678 DATA DE EXPEDIÇÃO 05/05/2020', 20), line('NOME', 80), line('MARIA DA SILVA SOUZA', 110)], undefined).map((f) => [f.key, f.value]));
    expect(rg).toMatchObject({ rg: '12345678', dataExpedicao: '2020-05-05', nome: 'MARIA DA SILVA SOUZA' });
    // Under the label wins over the next column's words beside it.
    const below = Object.fromEntries(extractFields('CNH_FRENTE', [line('4a DATA EMISSÃO 4b VALIDADE', 20), line('02/03/2021', 50)], undefined).map((f) => [f.key, f.value]));
    expect(below.dataEmissao).toBe('2021-03-02');
  });
  it('never takes an issuing body in a heading ("POLÍCIA CIVIL") for the holder under a NOME label', () => {
    const lines = [line('NOME', 20), line('POLÍCIA CIVIL', 50), line('NOME', 100), line('LUÍS RODRIGUES DO CARDOSO', 130)];
    const rg = Object.fromEntries(extractFields('RG_VERSO', lines, undefined).map((f) => [f.key, f.value]));
    expect(rg.nome).toBe('LUÍS RODRIGUES DO CARDOSO');
  });
});

describe('values under their labels, edge marks', () => {
  it('leaves a mark at the picture edge out of the parent name beside it', () => {
    const lines = [
      placed([['FILIAÇÃO', 592, 604, 42, 11]]),
      placed([['BEATRIZ', 592, 625, 70, 14], ['DA', 668, 625, 22, 14], ['ROCHA', 696, 625, 60, 14]]),
      // Read from a smudge at the edge: a tall blob and a dash, just left of the name.
      placed([['Dee)', 394, 610, 168, 45], ['—', 566, 640, 20, 3], ['FRANCISCA', 592, 640, 96, 14], ['CARDOSO', 694, 640, 80, 14]]),
    ];
    const filiacao = extractFields('CNH_FRENTE', lines, undefined).find((f) => f.key === 'filiacao');
    expect(filiacao?.fields?.map((f) => f.value)).toEqual(['BEATRIZ DA ROCHA', 'FRANCISCA CARDOSO']);
  });
});

describe('values whose labels were not read', () => {
  it('slots unlabelled CNH dates into their chronology', () => {
    const lines = [line('10/05/1981', 10), line('02/03/2021 02/03/2031', 50), line('15/08/2001', 90)];
    const out: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', lines, out);
    const got = Object.fromEntries(out.map((f) => [f.key, f.value]));
    expect(got).toEqual({ dataNascimento: '1981-05-10', primeiraHabilitacao: '2001-08-15', dataEmissao: '2021-03-02', validade: '2031-03-02' });
  });
  it('slots dates whose slashes were blurred into a colon or lost altogether', () => {
    // A 2022 CNH's row of three dates under labels the photo garbled: "27:10/2022 27102025 05/03/1999".
    const out: OcrField[] = [{ key: 'dataNascimento', value: '1952-01-15', conf: 90, bbox: [0, 0, 10, 10] }];
    fillDatesByChronology('CNH_ABERTA', [line('27:10/2022 27102025 05/03/1999', 50)], out, '2025-01-01');
    expect(Object.fromEntries(out.map((f) => [f.key, f.value]))).toEqual({ dataNascimento: '1952-01-15', primeiraHabilitacao: '1999-03-05', dataEmissao: '2022-10-27', validade: '2025-10-27' });
    // Eight digits that are no date (an identity number) are not taken for one.
    const number: OcrField[] = [];
    fillDatesByChronology('CPF', [line('11425479', 50)], number);
    expect(number).toEqual([]);
  });
  it('lays out the unlabelled dates around the dates the QR code states, adding only the page dates it places', () => {
    // Tuned-variety opened CNH 2000: birth read with the birthplace, validity line unread, the first licence and the
    // issue unlabelled: three slots for two dates placed none; the QR's validity leaves two for two.
    const out = (): OcrField[] => [{ key: 'dataNascimento', value: '2002-01-07', conf: 90, bbox: [0, 0, 10, 10] }];
    const lines = [line('07/01/2002, PETRÓPOLIS, SE', 10), line('20/06/2022', 30), line('11/03/2021', 50)];
    const alone = out();
    fillDatesByChronology('CNH_ABERTA', lines, alone, '2026-12-04');
    expect(alone).toHaveLength(1);
    const anchored = out();
    fillDatesAround('CNH_ABERTA', lines, anchored, [{ key: 'validade', value: '2032-06-20' }, { key: 'dataNascimento', value: '2002-01-07' }], '2026-12-04');
    expect(Object.fromEntries(anchored.map((f) => [f.key, f.value]))).toEqual({ dataNascimento: '2002-01-07', primeiraHabilitacao: '2021-03-11', dataEmissao: '2022-06-20' });
    // A stated date that is no ISO date anchors nothing.
    const garbled = out();
    fillDatesAround('CNH_ABERTA', lines, garbled, [{ key: 'validade', value: '20/06/2032' }], '2026-12-04');
    expect(garbled).toHaveLength(1);
  });

  it('takes a date read twice, once with a slip, as one date (the surer reading) before laying the dates out', () => {
    // Birth and validity under their labels; the issue date read in the row of dates with a slip (21 for 11) and again
    // by the place of issue, the first licence unlabelled.
    const placed = (): OcrField[] => [
      { key: 'dataNascimento', value: '1980-01-28', conf: 90, bbox: [0, 0, 10, 10] },
      { key: 'validade', value: '2024-01-11', conf: 90, bbox: [0, 20, 10, 10] },
    ];
    const lines = [line('28/01/1980', 10), line('21/01/2019 11/01/2024', 30, 60), line('25/07/2014', 50), line('11/01/2019', 70, 88)];
    const out = placed();
    fillDatesByChronology('CNH_ABERTA', lines, out, '2020-06-01');
    expect(Object.fromEntries(out.slice(2).map((f) => [f.key, f.value]))).toEqual({ primeiraHabilitacao: '2014-07-25', dataEmissao: '2019-01-11' });
    // Three dates for two slots that are not one slip apart: which is extra cannot be told, nothing is laid out.
    const apart = placed();
    fillDatesByChronology('CNH_ABERTA', [...lines.slice(0, 3), line('15/03/2019', 70, 88)], apart, '2020-06-01');
    expect(apart).toHaveLength(2);
  });
  it('puts a lone unlabelled date in the one empty slot it fits between the dates placed, when plausible', () => {
    // The first licence's label lost and the validity cut short: birth and issue were read under their labels.
    const placedDates = (): OcrField[] => [
      { key: 'dataNascimento', value: '1984-08-02', conf: 90, bbox: [0, 0, 10, 10] },
      { key: 'dataEmissao', value: '2023-01-01', conf: 90, bbox: [0, 20, 10, 10] },
    ];
    const lines = [line('02/08/1984', 10), line('01/01/2023', 30), line('04/11/2018', 60)];
    const out = placedDates();
    fillDatesByChronology('CNH_FRENTE', lines, out, '2026-11-29');
    expect(out.slice(2).map((f) => [f.key, f.value])).toEqual([['primeiraHabilitacao', '2018-11-04']]);
    // Before the birth it fits no slot; a first licence at eleven is no first licence.
    const before = placedDates();
    fillDatesByChronology('CNH_FRENTE', [line('02/08/1984', 10), line('01/01/2023', 30), line('04/11/1970', 60)], before, '2026-11-29');
    expect(before).toHaveLength(2);
    const child = placedDates();
    fillDatesByChronology('CNH_FRENTE', [line('02/08/1984', 10), line('01/01/2023', 30), line('04/11/1995', 60)], child, '2026-11-29');
    expect(child).toHaveLength(2);
  });
  it('takes the one date still to come as the validity when another date was not read, and nothing else', () => {
    // The page prints an issue date (its label read): one of its four dates was lost.
    const label = line('4a DATA EMISSÃO 4b VALIDADE', 30);
    const out: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('17/09/1992 05/09/2011', 10), label, line('06/11/2030', 50)], out, '2026-11-27');
    expect(out.map((f) => [f.key, f.value])).toEqual([['validade', '2030-11-06']]);
    // Two dates to come, or one absurdly far (an OCR slip), tell nothing.
    const two: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('17/09/1992 06/11/2028', 10), label, line('06/11/2030', 50)], two, '2026-11-27');
    expect(two).toEqual([]);
    const far: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('17/09/1992 05/09/2011', 10), label, line('06/11/2060', 50)], far, '2026-11-27');
    expect(far).toEqual([]);
  });
  it("lays out a CNH front's three dates as the model before 2022 prints them, without an issue date", () => {
    // Birth, first licence and validity on one row, their labels lost; no issue date on the page (it is on the back).
    const out: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 0), line('17/09/1992', 10), line('65715012935 06/11/2030 05/09/2011', 50)], out, '2026-11-27');
    expect(Object.fromEntries(out.map((f) => [f.key, f.value]))).toEqual({ dataNascimento: '1992-09-17', primeiraHabilitacao: '2011-09-05', validade: '2030-11-06' });
    // Expired: no date is still to come, and the three still fit only that way.
    const expired: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('17/09/1992 05/09/2011 06/11/2021', 10)], expired, '2026-11-27');
    expect(Object.fromEntries(expired.map((f) => [f.key, f.value]))).toEqual({ dataNascimento: '1992-09-17', primeiraHabilitacao: '2011-09-05', validade: '2021-11-06' });
    // A first licence at ten is no first licence: left unplaced.
    const child: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('17/09/1992 05/09/2002 06/11/2021', 10)], child, '2026-11-27');
    expect(child).toEqual([]);
    // With the issue date's label on the page, three dates are four with one lost: not laid out this way.
    const labelled: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('DATA EMISSÃO', 5), line('17/09/1992 05/09/2011 06/11/2021', 10)], labelled, '2026-11-27');
    expect(labelled).toEqual([]);
    // Nor with the birthplace read, which only the 2022 model prints on the front, beside its issue date: of its four
    // dates one was lost (the validity, washed out by glare), and the issue date is not laid out as the validity.
    const model2022: OcrField[] = [
      { key: 'dataNascimento', value: '1956-11-01', conf: 90, bbox: [0, 0, 1, 1] },
      { key: 'naturalidade', value: 'BELÉM/MG', conf: 90, bbox: [0, 0, 1, 1] },
    ];
    fillDatesByChronology('CNH_FRENTE', [line('01/11/1956, BELÉM, MG', 5), line('17/05/2023', 10), line('26/08/2013', 50)], model2022, '2026-12-04');
    expect(model2022.map((f) => f.key)).toEqual(['dataNascimento', 'naturalidade']);
  });
  it('leaves dates alone when they cannot be placed unambiguously', () => {
    const out: OcrField[] = [{ key: 'validade', value: '1990-01-01', conf: 90, bbox: [0, 0, 1, 1] }];
    fillDatesByChronology('RG_FRENTE', [line('10/05/1981', 10)], out);
    expect(out.map((f) => f.key)).toEqual(['validade']);
    const out2: OcrField[] = [];
    fillDatesByChronology('CNH_FRENTE', [line('10/05/1981 02/03/2021', 10)], out2);
    expect(out2).toEqual([]);
  });
  it('takes the first name-like line as the holder and the next two as parents, skipping headings and places', () => {
    const lines = [
      line('REPÚBLICA FEDERATIVA DO BRASIL', 0),
      line('CARTEIRA DE IDENTIDADE', 30),
      line('MARIA DA SILVA SOUZA', 100),
      line('JOSÉ DA SILVA', 160),
      line('ANA SOUZA', 190),
      line('MACEIÓ-AL', 250),
    ];
    const out: OcrField[] = [];
    fillNamesByOrder('RG_VERSO', lines, out);
    expect(out.find((f) => f.key === 'nome')?.value).toBe('MARIA DA SILVA SOUZA');
    expect(out.find((f) => f.key === 'filiacao')?.fields?.map((f) => f.value)).toEqual(['JOSÉ DA SILVA', 'ANA SOUZA']);
  });
  it("takes two name lines a line apart for the parents, not for holder and parent, when the holder's line was lost", () => {
    // As a glare-washed RG back reads: the holder's name and every label gone, the parents printed one under the other.
    // (Letters 10 px wide: the parents' middles 2.5 letters apart, the holder's 8 above the first parent.)
    const lines = [line('DATA EXPEDIÇÃO', 0), line('06/11/2003', 30), line('HEITOR CASTRO ALVES DE SILVA', 120), line('RODRIGO SÉRGIO SILVA', 145), line('TERESINA-BA', 220)];
    expect(namesByOrder('RG_VERSO', lines)).toEqual({ nome: undefined, parents: ['HEITOR CASTRO ALVES DE SILVA', 'RODRIGO SÉRGIO SILVA'] });
    // The holder read, a label's room above the first parent: holder and parents.
    const read = [...lines.slice(0, 2), line('ÍSIS DE AZEVEDO ANDRADE', 40), ...lines.slice(2)];
    expect(namesByOrder('RG_VERSO', read)).toEqual({ nome: 'ÍSIS DE AZEVEDO ANDRADE', parents: ['HEITOR CASTRO ALVES DE SILVA', 'RODRIGO SÉRGIO SILVA'] });
  });
  it('takes the parents printed after their own labels on their rows (PAI, MÃE) without the labels', () => {
    const lines = [line('OTÁVIO DAMASCENO', 100), line('PAI: RENATO DAMASCENO LOUREIRO', 140), line('MAE REGINA MAGALHÃES', 180)];
    expect(namesByOrder('RG_VERSO', lines)).toEqual({ nome: 'OTÁVIO DAMASCENO', parents: ['RENATO DAMASCENO LOUREIRO', 'REGINA MAGALHÃES'] });
  });
  it('takes a name-like line read with little confidence by its place when most of its words are names the lexicon knows', () => {
    const lines = [line('CONCEIÇÃO CARDOSO DA NASCIMENTO SANTANA', 100, 85), line('GUSTAVO MOREIRA TELEIRA', 140, 45), line('ANTÔNIO SDGIO NUNES DO RIBEIRO MELO', 180, 62)];
    expect(namesByOrder('RG_ABERTO', lines).parents).toEqual(['GUSTAVO MOREIRA TELEIRA', 'ANTÔNIO SDGIO NUNES DO RIBEIRO MELO']);
    // As doubtful, but one known word of three: not a name, the next line is the first parent.
    const garbled = [lines[0]!, line('GUSTAVO MQRXTA TELEIRA', 140, 45), lines[2]!];
    expect(namesByOrder('RG_ABERTO', garbled).parents).toEqual(['ANTÔNIO SDGIO NUNES DO RIBEIRO MELO']);
    // Under the floor, known words or not: left out.
    expect(namesByOrder('RG_ABERTO', [lines[0]!, line('GUSTAVO MOREIRA TELEIRA', 140, 30), lines[2]!]).parents).toEqual(['ANTÔNIO SDGIO NUNES DO RIBEIRO MELO']);
  });
  it('takes by order only lines that name someone: a misread heading and a city without its state are no holder or parent', () => {
    const lines = [
      line('MOGSSTÉRIO DOS TRANSPONTES', 0),
      line('CARLOS FERREIRA RODRIGUES', 100),
      line('BELO HORIZONTE', 160),
      line('LÚCIA ANTÔNIO DO SILVA', 190),
      line('LUÍS ROCHA', 220),
    ];
    const out: OcrField[] = [];
    fillNamesByOrder('CNH_ABERTA', lines, out);
    expect(out.find((f) => f.key === 'nome')?.value).toBe('CARLOS FERREIRA RODRIGUES');
    expect(out.find((f) => f.key === 'filiacao')?.fields?.map((f) => f.value)).toEqual(['LÚCIA ANTÔNIO DO SILVA', 'LUÍS ROCHA']);
  });
  it('keeps an unaccented holder whose parents read taller (accents over capitals), and still drops a small label read as a name', () => {
    // Word boxes as a blurred CNH gives them: accented capitals half as tall again, labels half the values' height.
    const blurred = (text: string, y: number, height: number, conf = 95) => sized(text, y, height, { conf, accented: 1.5 });
    const lines = [
      blurred('CARTEIRA NACIONAL DE HABILITAÇÃO', 0, 20),
      blurred('CARE OMENE', 40, 11, 40),
      blurred('RAFAEL HEITOR DOS LIMA BARBOSA', 60, 24),
      blurred('772.317.048-32', 100, 24),
      blurred('13/08/1958', 100, 24),
      blurred('INÊS LÚCIA FREITAS', 160, 24),
      blurred('72731203224', 220, 22),
    ];
    expect(namesByOrder('CNH_FRENTE', lines)).toEqual({ nome: 'RAFAEL HEITOR DOS LIMA BARBOSA', parents: ['INÊS LÚCIA FREITAS'] });
  });
  it('keeps a holder whose box is the letters alone while the other values’ boxes took in their labels above (as wide per letter: no label)', () => {
    const lines = [
      sized('CARTEIRA NACIONAL DE HABILITAÇÃO', 0, 22),
      sized('BEATRIZ DA FREITAS', 60, 24),
      sized('02/12/1974', 100, 48),
      sized('092.435.208-65', 160, 60),
      sized('JOSÉ RODRIGUES DOS CONCEIÇÃO', 220, 50),
      sized('CAUÃ BEATRIZ AZEVEDO DIAS MACHADO', 260, 50),
    ];
    expect(namesByOrder('CNH_ABERTA', lines)).toEqual({ nome: 'BEATRIZ DA FREITAS', parents: ['JOSÉ RODRIGUES DOS CONCEIÇÃO', 'CAUÃ BEATRIZ AZEVEDO DIAS MACHADO'] });
  });
  it('finds the CIN front’s sex and nationality code by their shape when their small labels were garbled, but not two candidates', () => {
    const lines = [line('Seo no» NATICAADOADE NATIONAL', 100), line('F BRA', 120), line('22/05/1968', 200), line('266.608.351-99', 260)];
    const out: OcrField[] = [];
    fillCinShortValues('CIN_FRENTE', lines, out);
    expect(Object.fromEntries(out.map((f) => [f.key, f.value]))).toEqual({ sexo: 'F', nacionalidade: 'BRA' });
    const two: OcrField[] = [];
    fillCinShortValues('CIN_FRENTE', [line('M F', 120), line('22/05/1968', 200)], two);
    expect(two).toEqual([]);
    const rg: OcrField[] = [];
    fillCinShortValues('RG_FRENTE', lines, rg);
    expect(rg).toEqual([]);
  });
  it('takes a lone BRA whose box reached up into the faint label above it, but not a small one', () => {
    const tall = line('BRA', 120);
    tall.words[0]!.bbox = [10, 100, 30, 45];
    const out: OcrField[] = [];
    fillCinShortValues('CIN_FRENTE', [tall, line('22/05/1968', 200)], out);
    expect(out.map((f) => [f.key, f.value])).toEqual([['nacionalidade', 'BRA']]);
    const small = line('BRA', 120);
    small.words[0]!.bbox = [10, 120, 30, 8];
    const none: OcrField[] = [];
    fillCinShortValues('CIN_FRENTE', [small, line('22/05/1968', 200)], none);
    expect(none).toEqual([]);
  });

  it('reads the CIN front’s sex again under its label, then across its row with the nationality code beside it', () => {
    const at = (key: string, bbox: [number, number, number, number]): OcrField => ({ key, value: '', conf: 90, bbox });
    const sex = SHORT_VALUES.CIN_FRENTE!.find((s) => s.key === 'sexo')!;
    const fields = [at('nome', [100, 50, 400, 30]), at('nacionalidade', [400, 120, 60, 50]), at('dataNascimento', [100, 220, 150, 30])];
    // Label lost: the row only, from the text column to past the code. Its baseline is the code's bottom (170); a value is as tall as the dates (30).
    expect(shortValueRegions([], fields, sex, 1600)).toEqual([{ box: [70, 125, 405, 60], letters: 'MFXBRA', beside: /^BRA$/ }]);
    // The code starts the row: from it, on past it.
    const first = [at('nome', [100, 50, 400, 30]), at('nacionalidade', [100, 120, 60, 50]), at('validade', [100, 220, 150, 30])];
    expect(shortValueRegions([], first, sex, 1600)).toEqual([{ box: [85, 125, 450, 60], letters: 'MFXBRA', beside: /^BRA$/ }]);
    // Label found: under it first, with the sex's letters alone.
    const regions = shortValueRegions([line('SEXO', 90)], fields, sex, 1600);
    expect(regions.map((r) => r.letters)).toEqual(['MFX', 'MFXBRA']);
    // No code on the page, or no date to size the row by: the label only.
    expect(shortValueRegions([], [at('nacionalidade', [400, 120, 60, 50])], sex, 1600)).toEqual([]);
  });

  it('reads the birth on a CPF receipt under a bare NASCIMENTO, and takes no bound ("anterior a") for a date', () => {
    const labelled = Object.fromEntries(extractFields('CPF', [line('LIVIA SIMONE DAMASCENO DE IGREJAS', 40), line('Lu 3 Naseimeno 08/05/1977', 70), line('+15. 15/03/1995', 130)], undefined).map((f) => [f.key, f.value]));
    expect(labelled.dataNascimento).toBe('1977-05-08');
    // The birth's label lost: the registration's bound is no second date, so the one date left is the birth.
    const bound = Object.fromEntries(extractFields('CPF', [line('HELENA MAGALHÃES', 40), line('05/08/1976', 70), line('REGULAR', 100), line('anterior a 10/11/1990', 130)], undefined).map((f) => [f.key, f.value]));
    expect(bound.dataNascimento).toBe('1976-08-05');
  });

  it('takes the CPF card’s one date as the birth date, but not one of two', () => {
    const one = extractFields('CPF', [line('CADASTRO DE PESSOAS FÍSICAS', 0), line('Nav oa Ao fm', 100), line('12/07/1986', 130)], undefined);
    expect(Object.fromEntries(one.map((f) => [f.key, f.value])).dataNascimento).toBe('1986-07-12');
    const two = extractFields('CPF', [line('12/07/1986', 130), line('03/02/2004', 200)], undefined);
    expect(two.some((f) => f.key === 'dataNascimento')).toBe(false);
  });

  /** The birthplace read from an RG back whose NATURALIDADE line reads `text`. */
  const naturalidade = (text: string) => extractFields('RG_VERSO', [line('NATURALIDADE', 90), line(text, 110)], undefined).find((f) => f.key === 'naturalidade')?.value;

  it('spells the birthplace as the municipality is registered when it was read without its accents, and only then', () => {
    expect(naturalidade('BRASILIA-SP')).toBe('BRASÍLIA/SP');
    expect(naturalidade('SAO JOSE DOS CAMPOS/SP')).toBe('SÃO JOSÉ DOS CAMPOS/SP');
    expect(naturalidade('GOIÂNIA/GO')).toBe('GOIÂNIA/GO');
    // A word the municipality list also spells without marks (or not at all) is left as read.
    expect(naturalidade('BELO HORIZONTE/MG')).toBe('BELO HORIZONTE/MG');
    expect(naturalidade('XYZOPOLIS/PR')).toBe('XYZOPOLIS/PR');
  });

  it('spells a whole municipality name as registered, however its marks were read, where its words alone cannot', () => {
    // LUIS is spelt both ways among the municipalities' words; SÃO LUÍS is one municipality.
    expect(naturalidade('SÃO LUIS/MA')).toBe('SÃO LUÍS/MA');
    expect(naturalidade('SAO LUIS/MA')).toBe('SÃO LUÍS/MA');
    // A mark read of the wrong kind.
    expect(naturalidade('VITÔRIA/ES')).toBe('VITÓRIA/ES');
    // A name the list spells two ways (IPORÁ, IPORÃ), or that is no municipality, is left as read.
    expect(naturalidade('IPORA/GO')).toBe('IPORA/GO');
    expect(naturalidade('XYZÔPOLIS/PR')).toBe('XYZÔPOLIS/PR');
  });

  it('finds the CIN back’s birthplace by its CIDADE/UF shape when its label was lost, and no RG number there', () => {
    const lines = [line('GUSTAVO BARBOSA RODRIGUES', 50), line('Wes', 90), line('BRASÍLIA/GO', 110), line('12345678', 200)];
    const out: OcrField[] = [];
    fillRgByShape('CIN_VERSO', lines, out);
    expect(out.map((f) => [f.key, f.value])).toEqual([['naturalidade', 'BRASÍLIA/GO']]);
    const cnh: OcrField[] = [];
    fillRgByShape('CNH_VERSO', lines, cnh);
    expect(cnh).toEqual([]);
    // An issuer and its state on a line of its own is no birthplace.
    const issuer: OcrField[] = [];
    fillRgByShape('RG_VERSO', [line('SSP-SP', 40), line('BRASÍLIA/GO', 110)], issuer);
    expect(issuer.map((f) => [f.key, f.value])).toEqual([['naturalidade', 'BRASÍLIA/GO']]);
  });

  it('finds the birthplace by its shape beside a birth date misread after it or after a rule read as dashes, and not in words after digits', () => {
    /** The birthplace the shape fallback finds on these lines. */
    const byShape = (type: RecognizedType, lines: OcrLine[]) => {
      const out: OcrField[] = [];
      fillRgByShape(type, lines, out);
      return out.find((f) => f.key === 'naturalidade')?.value;
    };
    expect(byShape('RG_VERSO', [line('Me CE NATO NINO', 90), line('MANAUS-AM 24/04/;980', 110)])).toBe('MANAUS/AM');
    expect(byShape('RG_FRENTE', [line('MANAUS-P1 12/02/1956', 110)])).toBe('MANAUS/PI');
    expect(byShape('CIN_VERSO', [line('NATLEBAL VADE, POACE OF iETH', 90), line('— — BELÉM/PE', 110)])).toBe('BELÉM/PE');
    expect(byShape('RG_VERSO', [line('C.NAS LV.A43 FLS-SP', 110)])).toBeUndefined();
  });

  it('takes the one date on an RG\'s birthplace line as the birth date when both labels were lost, if the dates stay plausible', () => {
    // A development-set opened RG: "NATAL-PA 11/07/1950" under washed-out labels, the issue date cut short.
    const lines = [line('30962554 27/04/2', 40), line('GUSTAVO MARIA DOS SANTOS', 80), line('NATAL-PA 11/07/1950', 200)];
    const out: OcrField[] = [];
    fillRgByShape('RG_ABERTO', lines, out);
    expect(Object.fromEntries(out.map((f) => [f.key, f.value]))).toMatchObject({ naturalidade: 'NATAL/PA', dataNascimento: '1950-07-11' });
    // A date there that would come after the issue date placed is no birth date.
    const issued: OcrField[] = [{ key: 'dataExpedicao', value: '1949-01-02', conf: 90, bbox: [10, 40, 100, 20] }];
    fillRgByShape('RG_ABERTO', lines, issued);
    expect(issued.some((f) => f.key === 'dataNascimento')).toBe(false);
    // Two dates on the line: which is the birth is not told by place.
    const two: OcrField[] = [];
    fillRgByShape('RG_ABERTO', [line('NATAL-PA 11/07/1950 27/04/2001', 200)], two);
    expect(two.some((f) => f.key === 'dataNascimento')).toBe(false);
  });

  it('finds an RG number that OCR split at a dot as one number, and no number in a line of words under its label', () => {
    // "16.490 .917-5": the reading put a space before the second dot.
    const split: OcrField[] = [];
    fillRgByShape('RG_VERSO', [line('16.490 .917-5 17/03/2017', 40), line('GERALDO RENATO SIQUEIRA', 90)], split);
    expect(split.find((f) => f.key === 'rg')?.value).toBe('164909175');
    // Its first digit read as a look-alike capital (a blurred 8 as B); a word is no number.
    const lookalike: OcrField[] = [];
    fillRgByShape('RG_ABERTO', [line('B6564030 02/08/2001', 40), line('FERNANDA MENDES DO MARQUES', 90)], lookalike);
    expect(lookalike.find((f) => f.key === 'rg')?.value).toBe('86564030');
    // A space read into the number (rough variety RG back 3004): its two words are one number.
    const spaced: OcrField[] = [];
    fillRgByShape('RG_VERSO', [placed([['91', 100, 40, 24, 20], ['508992', 132, 40, 80, 20], ['06/12/2020', 600, 40, 120, 20]]), line('HEITOR ANDRÉ NASCIMENTO', 90)], spaced);
    expect(spaced.find((f) => f.key === 'rg')?.value).toBe('91508992');
    const word: OcrField[] = [];
    fillRgByShape('RG_ABERTO', [line('BOLSO 02/08/2001', 40), line('SSP-SP', 90)], word);
    expect(word.find((f) => f.key === 'rg')).toBeUndefined();
    // The number beside its label; the line under the label is the name, whose letters look like fifteen digits.
    const got = Object.fromEntries(extractFields('RG_VERSO', [line('REGISTRO GERAL 143710370', 40), line('NOME COMPLETO FÁBIO FLÁVIO CONCEIÇÃO DAS FONSECA', 70)], undefined).map((f) => [f.key, f.value]));
    expect(got.rg).toBe('143710370');
    const below = Object.fromEntries(extractFields('RG_VERSO', [line('REGISTRO GERAL', 40), line('16.490 .917-5', 70)], undefined).map((f) => [f.key, f.value]));
    expect(below.rg).toBe('164909175');
    expect(rgNumberIn('nome coveueto FÁBIO FLÁVIO CONCEIÇÃO DAS FONSECA')).toBeUndefined();
    expect(rgNumberIn('CPF 733.458.737-53')).toBeUndefined();
    expect(rgNumberIn('08/02/2019')).toBeUndefined();
    expect(rgNumberIn('MG-12.345.678')).toBe('12345678');
    // A space read into the number (rough variety RG back 3004); not between a date's or a CPF's groups.
    expect(rgNumberIn('91 508992')).toBe('91508992');
    expect(rgNumberIn('12 06/12/2020 1234567')).toBe('1234567');
    expect(rgNumberIn('3 733.458.737-53 1234567')).toBe('1234567');
  });

  it('finds a CNH category standing in a column of its own on a row read as one line, but not a letter inside text', () => {
    const row = placed([['83097800206', 100, 300, 180, 24], ['D', 420, 300, 16, 24], ['02/05/2016', 560, 300, 150, 24]]);
    const out: OcrField[] = [];
    fillCnhCategory('CNH_FRENTE', [row], out);
    expect(out).toMatchObject([{ key: 'categoria', value: 'D' }]);
    // A bold B read as the sign that looks like it.
    const sign: OcrField[] = [];
    fillCnhCategory('CNH_FRENTE', [placed([['83097800206', 100, 300, 180, 24], ['&', 420, 300, 16, 24], ['02/05/2016', 560, 300, 150, 24]])], sign);
    expect(sign).toMatchObject([{ key: 'categoria', value: 'B' }]);
    const prose = placed([['2', 100, 300, 12, 24], ['E', 118, 300, 14, 24], ['REA', 138, 300, 50, 24], ['02/05/2016', 560, 300, 150, 24]]);
    const none: OcrField[] = [];
    fillCnhCategory('CNH_FRENTE', [prose], none);
    expect(none).toEqual([]);
  });
  it('reads a category under its label with the sign a bold B is read as ("A&" is AB), and takes no word for one', () => {
    const labelled = (value: string) => extractFields('CNH_FRENTE', [line('CAT. HAB.', 40), line(value, 70)], undefined).find((f) => f.key === 'categoria')?.value;
    expect(labelled('&')).toBe('B');
    expect(labelled('A&')).toBe('AB');
    expect(labelled('ERA')).toBeUndefined();
  });

  it('measures a standing category against the names’ capitals when the dates’ word boxes came back twice as tall', () => {
    // The session-43 opened CNH: date boxes 28–35 px, names and the category "AB" 16–19 px, all printed at one size.
    const lines = [
      placed([['CAMILA', 511, 427, 97, 19], ['VIEIRA', 620, 427, 90, 19], ['MENDES', 720, 427, 98, 19]]),
      placed([['13/04/1997', 822, 537, 122, 32]]),
      placed([['JOSÉ', 520, 619, 60, 16], ['DA', 585, 619, 20, 16], ['MOREIRA', 608, 619, 93, 16], ['AB', 1174, 633, 29, 17]]),
      placed([['ANDRADE', 584, 649, 98, 16]]),
      placed([['12/01/2026', 802, 724, 121, 30], ['18/05/2016', 995, 727, 120, 35]]),
    ];
    const out: OcrField[] = [];
    fillCnhCategory('CNH_ABERTA', lines, out);
    expect(out).toMatchObject([{ key: 'categoria', value: 'AB' }]);
  });
  it('takes a standing category whose box a speck of its label made taller, by its letters’ width, but not a heading’s large letters', () => {
    // Measured on a tuning-variety opened CNH: names 26–33 px, the category "AB" 55 × 47 px (its small label's ink joined above it).
    // Read on the row of a parent's name (the card is tilted a little).
    const names: [string, number, number, number, number][] = [['HEITOR', 404, 599, 128, 30], ['FREITAS', 597, 605, 136, 28], ['CONCEIÇÃO', 745, 599, 197, 28]];
    const dates = placed([['71825784606', 412, 762, 259, 28], ['28/10/2031', 779, 770, 210, 28]]);
    const out: OcrField[] = [];
    fillCnhCategory('CNH_ABERTA', [placed([...names, ['AB', 1379, 598, 55, 47]]), dates], out);
    expect(out).toMatchObject([{ key: 'categoria', value: 'AB' }]);
    // Letters printed twice as large every way (a heading's, an emblem's) stay out.
    const none: OcrField[] = [];
    fillCnhCategory('CNH_ABERTA', [placed([...names, ['AB', 1379, 598, 110, 60]]), dates], none);
    expect(none).toEqual([]);
  });
  it('finds the CIN front’s lone sex against the names’ capitals when the dates’ word boxes came back twice as tall', () => {
    const lines = [
      placed([['HEITOR', 300, 200, 90, 18], ['COSTA', 400, 200, 80, 18], ['MARTINS', 490, 200, 110, 18]]),
      placed([['12/05/1990', 300, 300, 130, 36], ['M', 700, 305, 14, 18]]),
      placed([['BRA', 300, 400, 50, 18], ['123.456.789-09', 500, 400, 180, 34]]),
    ];
    const out: OcrField[] = [];
    fillCinShortValues('CIN_FRENTE', lines, out);
    expect(out.map((f) => [f.key, f.value])).toEqual([['sexo', 'M'], ['nacionalidade', 'BRA']]);
  });
  it('takes the CIN front’s and the CPF’s first name-like line as the holder, and no parents', () => {
    const lines = [line('REPÚBLICA FEDERATIVA DO BRASIL', 0), line('CARTEIRA DE IDENTIDADE', 30), line('HEITOR COSTA DOS MARTINS', 100), line('ANA SOUZA', 190)];
    for (const type of ['CIN_FRENTE', 'CPF'] as const) {
      const out: OcrField[] = [];
      fillNamesByOrder(type, lines, out);
      expect(out.map((f) => [f.key, f.value])).toEqual([['nome', 'HEITOR COSTA DOS MARTINS']]);
    }
  });
  it('of two standing categories takes the one on a row of the fields read, not a restriction code on a row of its own', () => {
    // A development-set opened CNH: its category "E" at the end of the first parent's row; across the gutter a
    // restriction code "D", its OBSERVAÇÕES label lost, read on the heading's row.
    const heading = placed([['CARTEIRA', 60, 100, 200, 30], ['NACIONAL', 270, 100, 200, 30], ['D', 1800, 102, 20, 26]]);
    const parent = placed([['LETÍCIA', 400, 600, 140, 26], ['MONTEIRO', 550, 600, 170, 26], ['E', 1200, 600, 18, 26]]);
    const dates = placed([['02/08/2031', 400, 760, 200, 26]]);
    const out: OcrField[] = [{ key: 'filiacao', value: 'LETÍCIA MONTEIRO', conf: 90, bbox: [400, 600, 320, 26] }];
    fillCnhCategory('CNH_ABERTA', [heading, parent, dates], out);
    expect(out.find((f) => f.key === 'categoria')).toMatchObject({ value: 'E' });
    // No field read on either row: neither is taken.
    const none: OcrField[] = [];
    fillCnhCategory('CNH_ABERTA', [heading, parent, dates], none);
    expect(none).toEqual([]);
  });
  it('finds a lone CNH category but not a restriction code under the observations', () => {
    const out: OcrField[] = [];
    fillCnhCategory('CNH_ABERTA', [line('12 OBSERVAÇÕES', 500), line('D', 530), line('AB', 100)], out);
    expect(out).toMatchObject([{ key: 'categoria', value: 'AB' }]);
  });
  it('takes the category printed after the registration number on a row that runs on, read as a small "c" or not', () => {
    for (const [text, want] of [['449.268.336-46 65715012935 c 25/02/2014', 'C'], ['65715012935 AE 25/02/2014', 'AE']] as const) {
      const out: OcrField[] = [];
      fillCnhCategory('CNH_FRENTE', [line(text, 300)], out);
      expect(out).toMatchObject([{ key: 'categoria', value: want }]);
    }
    // A small letter that is no capital's shape is not a category.
    const none: OcrField[] = [];
    fillCnhCategory('CNH_FRENTE', [line('65715012935 b 25/02/2014', 300)], none);
    expect(none).toEqual([]);
  });
});

describe('machine-readable zone repair', () => {
  it('restores a filler the OCR dropped, guided by the check digits', () => {
    const lines = td3({ documentNumber: 'FZ123456', surname: 'SILVA', given: 'JOAO', birth: '1985-04-12', sex: 'M', expiry: '2031-06-30' });
    expect(readMrz(lines)?.valid).toBe(true);
    const dropped = lines[1]!.replace('<', '');
    expect(dropped.length).toBe(43);
    const r = readMrz([lines[0]!, dropped]);
    expect(r?.valid).toBe(true);
    expect(r?.lines[1]).toBe(lines[1]);
  });
  it('does not invent validity for a wrong check digit', () => {
    const lines = td3({ documentNumber: 'FZ123456', surname: 'SILVA', given: 'JOAO', birth: '1985-04-12', sex: 'M', expiry: '2031-06-30' });
    const wrong = lines[1]!.slice(0, 9) + String((Number(lines[1]![9]) + 1) % 10) + lines[1]!.slice(10);
    expect(readMrz([lines[0]!, wrong])?.valid).toBe(false);
  });
  it("takes a failing zone's sex and nationality only where the characters around them pass their checks", () => {
    // ICAO 9303's example passport, its document number's check failing (as a misread leaves it).
    const icao = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
    const zone = (failing: string[], fields: Record<string, string | null> = {}) => ({ ...readMrz(icao)!, valid: false, failing, fields: { ...readMrz(icao)!.fields, ...fields } });
    const got = (mrz: ReturnType<typeof zone>) => Object.fromEntries(extractFields('PASSAPORTE', [], mrz).map((f) => [f.key, f.value]));
    expect(got(zone(['documentNumber', 'composite']))).toMatchObject({ sexo: 'F', nacionalidade: 'UTO', dataNascimento: '1974-08-12' });
    // The birth date beside them failing: neither is taken.
    const birthFails = got(zone(['birthDate', 'composite']));
    expect(birthFails.sexo).toBeUndefined();
    expect(birthFails.nacionalidade).toBeUndefined();
    // A nationality that does not repeat the issuing state ("RAG" for "UTO" is what a misread gives) is not taken.
    expect(got(zone(['documentNumber', 'composite'], { nationality: 'RAG' })).nacionalidade).toBeUndefined();
  });
  it("takes a failing zone's name only where every word of it is also printed on the page, flagged not valid", () => {
    const icao = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
    const failing = { ...readMrz(icao)!, valid: false, failing: ['documentNumber', 'composite'] };
    // The printed name read on two lines whose labels were lost.
    const page = [line('Eriksson,', 100), line('Anna María', 140)];
    const nome = extractFields('PASSAPORTE', page, failing).find((f) => f.key === 'nome');
    expect(nome).toMatchObject({ value: 'ANNA MARÍA ERIKSSON', valid: false });
    // One word of the zone's name nowhere on the page (a misread zone): no name.
    expect(extractFields('PASSAPORTE', [line('Anna María', 140)], failing).find((f) => f.key === 'nome')).toBeUndefined();
  });

  it("takes a failing zone's name where the page shows part of it and the rest are names the lexicon knows", () => {
    // A rough passport photo: the zone's name line read whole, a birth date misread on the other line, and of the
    // printed name only the surname read (the given name's small print lost to noise).
    const zone = td3({ documentNumber: 'RH496867', surname: 'OLIVEIRA', given: 'JULIA', birth: '1991-06-06', sex: 'F', expiry: '2033-01-16' });
    const read = (name: string) => ({ ...readMrz([name, zone[1]!])!, valid: false, failing: ['birthDate', 'composite'] });
    const nome = (name: string, page: OcrLine[]) => extractFields('PASSAPORTE', page, read(name)).find((f) => f.key === 'nome');
    expect(nome(zone[0]!, [line('OLIVEIRA', 100), line('WA ARA LADA RADICAL', 140)])).toMatchObject({ value: 'JULIA OLIVEIRA', valid: false });
    // Nothing of it on the page: the lexicon alone does not vouch for a zone read where the page was not.
    expect(nome(zone[0]!, [line('WA ARA LADA RADICAL', 140)])).toBeUndefined();
    // A word no one is named (a misread zone, JXLIA): no name.
    expect(nome(zone[0]!.replace('JULIA', 'JXLIA'), [line('OLIVEIRA', 100)])).toBeUndefined();
  });

  it('gives letters washed out by glare their contrast back in a second version of the page', async () => {
    const w = 400;
    const h = 200;
    const paper = 200;
    const grey = Buffer.alloc(w * h, paper);
    const glare = (x: number, y: number) => 0.85 * Math.max(0, 1 - Math.hypot(x - 300, y - 100) / 90);
    const ink = (x: number, y: number) => y >= 90 && y < 110 && (x % 12 < 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = ink(x, y) ? 20 : paper;
        const a = glare(x, y);
        grey[y * w + x] = Math.round(v * (1 - a) + 255 * a);
      }
    }
    const flat = await flattenIllumination(grey, w, h);
    expect(flat.pixels[100 * w + 300]).toBe(255); // under the glare the first version loses the letter
    expect(flat.pixels[100 * w + 60]!).toBeLessThan(60); // away from it the letter is dark
    expect(flat.deglared).toBeDefined();
    expect(flat.deglared!.pixels[100 * w + 300]!).toBeLessThan(100); // the second version gets it back
    expect(flat.deglared!.pixels[100 * w + 60]).toBe(flat.pixels[100 * w + 60]); // and leaves the rest as it was
    const [bx, , bw] = flat.deglared!.box;
    expect(bx).toBeGreaterThan(150);
    expect(bx + bw).toBeLessThanOrEqual(400);
  });

  it("boxes the glare's own rows on a photographed opened CNH, not the white gap between its cards or the QR code's margin", async () => {
    // Tuning generator, seed 1002: a patch of glare over the holder's name and RG number on the upper card. The gap
    // between the cards and the QR code's white margin are bright too; their surround is not print the glare hid.
    const { image } = await generate('CNH_ABERTA', 1002, 'photo');
    const { photo } = await preparedPageAndGlare(await intake(image.toString('base64'), 'image'));
    const flat = await flattenIllumination(Buffer.from(photo.data), photo.width, photo.height);
    const [left, top, across, rows] = flat.deglared!.box;
    // The page as submitted (on its side): the glare lies on the name card's half, a patch of a few lines.
    expect(left).toBeGreaterThan(photo.width / 2);
    expect(top + rows / 2).toBeGreaterThan(photo.height * 0.2);
    expect(top + rows / 2).toBeLessThan(photo.height * 0.6);
    // Not the whole page: a second reading of the glare costs a part of a reading, not a whole one.
    expect((across * rows) / (photo.width * photo.height)).toBeLessThan(0.1);
    // The glare there is moderate: the page is read with it undone over that patch.
    const [px, py, pw, ph] = flat.deglared!.patch!;
    expect(px >= left && py >= top && px + pw <= left + across && py + ph <= top + rows).toBe(true);
  }, 60_000);

  it("leaves a passport's white zone strip as it is: its print is not glare to undo", async () => {
    // Tuning generator, seed 1008: no glare, but the zone's strip is printed white on the pink page, so the second
    // version finds print to give back there. Undone, the strip's soft letter edges became ink and the zone was lost.
    const { image } = await generate('PASSAPORTE', 1008, 'photo');
    const { photo, page, plain } = await preparedPageAndGlare(await intake(image.toString('base64'), 'image'));
    const flat = await flattenIllumination(Buffer.from(photo.data), photo.width, photo.height);
    const area = (b?: [number, number, number, number]) => (b ? b[2] * b[3] : 0);
    // The strip is found as print to give back…
    expect(area(flat.deglared!.box)).toBeGreaterThan(0.1 * photo.width * photo.height);
    // …but, lit as brightly as white paper is, it is not undone: at most a sliver at its edge, no line of the zone.
    expect(area(flat.deglared!.patch)).toBeLessThan(0.01 * photo.width * photo.height);
    const changed = page.data.reduce((n, v, i) => n + (v !== plain.data[i] ? 1 : 0), 0);
    expect(changed).toBeLessThan(0.01 * page.width * page.height);
  }, 60_000);

  it('has no second version on an evenly lit page', async () => {
    const grey = Buffer.alloc(200 * 100, 210);
    for (let i = 0; i < grey.length; i += 7) grey[i] = 30;
    expect((await flattenIllumination(grey, 200, 100)).deglared).toBeUndefined();
  });
});

