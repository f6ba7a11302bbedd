import { describe, expect, it } from 'vitest';
import { td1, td3 } from '../../../scripts/synth';
import type { Box } from './box';
import { classifyEvidence, halvesOf, nameWords, placedByText, type Evidence } from './classify';
import { conceptsIn, LABELS, wordingsOf } from './cues';
import { readMrz } from './mrz';
import { findPortrait, findPortraitOnCards } from './portrait';
import { fold } from './text';

const person = { documentNumber: 'AB1234567', surname: 'SOUZA', given: 'ANA MARIA', birth: '1985-03-02', sex: 'F' as const, expiry: '2031-07-09' };
const left = { side: 'left' as const, box: [40, 120, 360, 480] as Box };
const place = (text: string, more: Partial<Evidence> = {}) => classifyEvidence({ text: fold(text), ...more });

/** An opened RG's page (3400 px wide) as read: its lines' text, and the halves its words make beside a portrait on the left card. */
function openedReading(lines: [string, Box][]) {
  const portrait = { side: 'left' as const, box: [100, 450, 500, 600] as Box };
  const halves = halvesOf(lines.map(([text, bbox]) => ({ text, bbox })), portrait.box, 3400);
  return { text: lines.map(([t]) => t).join('\n'), portrait, halves };
}

describe('classification from independent cues', () => {
  it('finds labels as other issuers word them, short ones only as whole words', () => {
    expect([...conceptsIn(fold('Nome Social / Social Name  Sexo / Sex  Nacionalidade / Nationality'))]).toEqual(expect.arrayContaining(['socialName', 'sex', 'nationality']));
    // "SEX" inside "SEXTA" and "PAI" inside "PAIS" are not labels; "DE IDENTIDADE" is not "DOC IDENTIDADE".
    expect(conceptsIn(fold('SEXTA FEIRA PAIS CARTEIRA DE IDENTIDADE'))).not.toContain('sex');
    expect(conceptsIn(fold('SEXTA FEIRA PAIS CARTEIRA DE IDENTIDADE'))).not.toContain('parents');
    expect(conceptsIn(fold('SEXTA FEIRA PAIS CARTEIRA DE IDENTIDADE'))).not.toContain('identityDocument');
    // One OCR slip in a long label is forgiven.
    expect(conceptsIn(fold('VALIDA EM TODO O TERRITORIO NACIONA1'))).toContain('nationalValidity');
    // Its first words lost under glare, the rest still heads the old RG's data side.
    expect(conceptsIn(fold("VALIDA E!        ' TERRITORIO NACIONAL"))).toContain('nationalValidity');
  });

  it('tells values by their shape when the labels above them are garbled: "BRA" alone, a date still to come', () => {
    expect(conceptsIn(fold('M BRA 14/09/1982'))).toContain('nationalityCode');
    // Not inside a word, nor the zone's country code that runs into fillers.
    expect(conceptsIn(fold('BRASIL I<BRA12345 BRAGANCA'))).not.toContain('nationalityCode');
    const year = new Date().getFullYear();
    expect(conceptsIn(fold(`VALIDADE 28/03/${year + 6}`))).toContain('dateAhead');
    expect(conceptsIn(fold(`02/11/${year - 3} 31/13/${year + 2} 01/01/${year + 40}`))).not.toContain('dateAhead');
    // A CIN front read from a poor photo: the heading an RG shares, garbled labels, the values standing.
    const c = place(`REPUBLICA FEDERATIVA DO BRASIL CARTEIRA DE IDENTIDADE NOME MARIA MARTINS ENC SA UE RONA DADE M BRA 14/09/1982 BEGURO TEA 537.621.178-96 VARIADO SPY 28/03/${year + 6}`, { portrait: left });
    expect(c.type).toBe('CIN_FRENTE');
    expect(c.candidates[0]!.cues).toEqual(expect.arrayContaining(['nationalityCode', 'dateAhead']));
  });

  it('places a CIN front whose labels and nationality code were lost, and no portrait found, by its data block with a date still to come', () => {
    const year = new Date().getFullYear();
    const c = place(`REPUBLICA FEDERATIVA DO BRASIL CARTEIRA DE IDENTIDADE / IDENTITY CARD CN NAME RAFAEL ROCHA DIAS AZEVEDO M SRA 09/02/1956 A 321.041.250-22 17/12/${year + 4}`, { portrait: null });
    expect(c.type).toBe('CIN_FRENTE');
    expect(c.candidates[0]!.cues).toEqual(expect.arrayContaining(['dataBlock', 'dateAhead']));
    // The same page with only past dates is an RG's: nothing says CIN.
    expect(place(`REPUBLICA FEDERATIVA DO BRASIL CARTEIRA DE IDENTIDADE CN NAME RAFAEL ROCHA DIAS AZEVEDO 09/02/1956 A 321.041.250-22 17/12/2015`, { portrait: null }).type).not.toBe('CIN_FRENTE');
  });

  it('counts the heading in English for the CIN only: a state RG prints its headings in Portuguese alone', () => {
    const year = new Date().getFullYear();
    const tint = { hue: 94, saturation: 0.23 };
    // Tuning generator, rough CIN front (seed 3011): every label garbled; the heading, a portrait, a green tint and a
    // date still to come read. The Portuguese heading and the tint are an old RG photo side's too.
    const cin = place(`CARTEIRA DE IDENTIDADE / IDENTITY CARD NONE NAME ANA MOREIRA MENDES DATE ET 09/10/2002 VERA NAL VER 428. 382.439.93 02/02/${year + 6}`, { portrait: left, colour: tint });
    expect(cin.type).toBe('CIN_FRENTE');
    expect(cin.candidates[0]!.cues).toContain('identityHeadingEnglish');
    expect(place('CARTEIRA DE IDENTIDADE ASSINATURA DO TITULAR', { portrait: left, colour: tint }).type).toBe('RG_FRENTE');
  });

  it('places a CNH front by its ministry line when the heading under it is cut short (glare over the line ends)', () => {
    const year = new Date().getFullYear();
    // Tuning generator, rough variety CNH front (seed 1001): headings read to the glare, labels lost, no portrait found.
    const text = `REPUBLICA FEDERATIVA DO BRAS; MINISTERIO DAS CIDADES SECRETARIA NACIONAL DE TRA", CARTEIRA NACIONAL DE HAEIL. BEATRIZ PAULA ROCHA DE MONTEIRO 19/04/ 1963, JOAO PESSOA, MT 14/12/2022 14/12/${year + 1} 16/05/1983 SERGIO DO RODRIGUES DO SANTANA OLIVEIRA FRANCISCA OLIVEIRA 40766536 SSP MT 249.166.185-30 557498857 17`;
    const c = place(text, { portrait: null, colour: { hue: 154, saturation: 0.13 } });
    expect(c.type).toBe('CNH_FRENTE');
    expect(c.candidates[0]!.cues).toContain('cnhHeading');
    for (const ministry of ['MINISTERIO DA INFRAESTRUTURA', 'MINISTERIO DOS TRANSPORTES']) expect(conceptsIn(fold(ministry))).toContain('cnhHeading');
  });

  it('takes a date still to come as a cue against the old RG, which does not expire: a CIN front whose labels were all lost', () => {
    const year = new Date().getFullYear();
    // Tuning generator, rough variety CIN front (seed 1001) in Debian fonts: its small bilingual labels, sex and
    // nationality lost, the CPF cut short; the heading an RG shares, a portrait, a pale tint at the green edge of an
    // RG's. It tied with the old RG's photo side and was placed as an RG front.
    const text = `REPUBLICA FEDERATIVA DO BRASIL CARTEIRA DE IDENTIDADE HEITOR COSTA DOS MARTINS ? 27/09/1962 : A 905.140 91. 27/09/${year + 5}`;
    const c = place(text, { portrait: left, colour: { hue: 147, saturation: 0.08 } });
    expect(c.type).toBe('CIN_FRENTE');
    expect(c.candidates.find((k) => k.type === 'RG_FRENTE')?.score).toBeLessThan(c.score);
    // With only past dates nothing says CIN, and the old RG's photo side is not marked down.
    const old = place(text.replace(`${year + 5}`, '2015'), { portrait: left, colour: { hue: 147, saturation: 0.08 } });
    expect(old.candidates.find((k) => k.type === 'RG_FRENTE')!.cues).not.toContain('not: dateAhead');
    expect(old.type).not.toBe('CIN_FRENTE');
    // The old RG's data side read with a date to come (a misread year) loses a weak cue's worth, and no more.
    const back = place(`VALIDA EM TODO O TERRITORIO NACIONAL REGISTRO GERAL 57611363 DATA DE EXPEDICAO 02/11/${year + 2} NOME FERNANDA DAS SOUZA FILIACAO JOSE DAS SOUZA MARIA DAS SOUZA NATURALIDADE TERESINA-PI DATA DE NASCIMENTO 07/05/1986`);
    expect(back.type).toBe('RG_VERSO');
    expect(back.candidates[0]!.cues).toContain('not: dateAhead');
  });

  it('places an old RG opened flat, of which one card was located, by the state heading of its photo side and its data side', () => {
    const text = 'REPUBLICA FEDERATIVA DO BRAS ESTADO DE SAO PAULO SECRETARIA DE FCC INSTITUTO DECO CARTEIRA VALIDA EM TODO O TERRITORIO NACIONAL 57611363 FERNANDA DAS SOUZA TERESINA-MS 02/11/2022 07/05/1986 490.376.505-97';
    expect(place(text, { aspect: 1.51, portrait: null }).type).toBe('RG_ABERTO');
    // The data side alone is not opened.
    expect(place(text.replace('ESTADO DE SAO PAULO', ''), { aspect: 1.51, portrait: null }).type).toBe('RG_VERSO');
  });

  it('places an old RG opened flat whose headings are garbled but for the identity institute\'s word, read whole', () => {
    // Tuning generator, rough variety seed 3002 with the card 45 % of a 1300 px frame: every heading garbled, the
    // portrait on the left card and the data on the right, the two-card shape.
    const text = 'OSTADO DO MIMAS GORAST TINTO DE IDOSTIFICAÇÃO MO TITUTO UE IDENTIFICAÇÃO CANTRIRA DE (DOENTIODADE VALIDA (MM 1000 O TISBITÓSIO RACIONAL 51312049 07/01/2006 SERGIO RIBEIRO DA SOUZA';
    const layout: Partial<Evidence> = { aspect: 3.15, portrait: left, halves: { portrait: 'left', data: 'right' }, colour: { hue: 175, saturation: 0.09 } };
    const c = place(text, layout);
    expect(c.type).toBe('RG_ABERTO');
    expect(c.candidates[0]!.cues).toContain('securityHeading');
    // Without it, the layout alone (portrait, data card, shape) stays under the mark.
    expect(place(text.replaceAll('IDENTIFICAÇÃO', 'IDENTIFIC'), layout).type).toBeUndefined();
    // The word alone is the identity institute's, no other document's: a CNH's "DOC. IDENTIDADE" is not it.
    expect(conceptsIn(fold('DOC. IDENTIDADE / ORG. EMISSOR / UF'))).not.toContain('securityHeading');
  });

  it('does not take a new RG read whole (heading and data on one card, portrait not found) for an old RG opened flat', () => {
    // Tuning generator, variety seed 2001: every word read; the old data side's own print (its national validity, the
    // director's signature) is not there.
    const text = 'REPUBLICA FEDERATIVA DO BRASIL ESTADO DE RIO GRANDE DO SUL SECRETARIA DE ESTADO DA SEGURANCA PUBLICA CARTEIRA DE IDENTIDADE RG N EXPEDIDA EM 52865087 03/05/2014 NOME CAMILA CASTRO FILIACAO PAI E MAE JOSE GUSTAVO BARBOSA JOSE CARDOSO DO MONTEIRO NATURAL DE SAO LUIS-DF N DO CPF 464.071.068-26 DATA DF N 21/01/1998';
    const tint = { hue: 109, saturation: 0.24 };
    expect(place(text, { aspect: 1.57, portrait: null, colour: tint }).type).toBe('RG_FRENTE');
    // With the two-card shape it is two sides, as before.
    expect(place(text, { aspect: 3.1, portrait: null, colour: tint }).type).toBe('RG_ABERTO');
  });

  it('places a CIN front by its bilingual labels and portrait when the heading was lost', () => {
    const c = place('NOME / NAME MARIA DA CONCEIÇÃO NOME SOCIAL / SOCIAL NAME SEXO / SEX F NACIONALIDADE / NATIONALITY BRA DATA DE NASCIMENTO / DATE OF BIRTH 02/03/1985 VALIDADE / EXPIRY 09/07/2031', { portrait: left });
    expect(c.type).toBe('CIN_FRENTE');
    expect(c.candidates[0]!.cues).toEqual(expect.arrayContaining(['socialName', 'sex', 'nationality', 'portrait left']));
  });

  it('places a CIN front without a social name by its personal-number line, where an RG would print its registry', () => {
    const c = place('NOME / NAME MARIA DA CONCEIÇÃO REGISTRO GERAL - CPF / PERSONAL NUMBER 529.982.247-25 DATA DE NASCIMENTO / DATE OF BIRTH 02/03/1985', { portrait: left });
    expect(c.type).toBe('CIN_FRENTE');
    expect(c.candidates[0]!.cues).toContain('personalNumber');
  });

  it('tells the new RG (data beside the photo) from the old RG data side by the portrait and the data side captions', () => {
    const data = 'REGISTRO GERAL 12.345.678-9 DATA DE EXPEDIÇÃO 10/10/2015 NOME ANA SOUZA FILIAÇÃO JOSE SOUZA MARIA SOUZA NATURALIDADE RECIFE-PE DATA DE NASCIMENTO 02/03/1985 DOC. ORIGEM CERT NASC 123 CPF 529.982.247-25';
    expect(place(`SECRETARIA DE SEGURANÇA PÚBLICA ${data}`, { portrait: left }).type).toBe('RG_FRENTE');
    expect(place(`VÁLIDA EM TODO O TERRITÓRIO NACIONAL ${data} ASSINATURA DO DIRETOR`, { portrait: null }).type).toBe('RG_VERSO');
  });

  it('places a CNH front worded otherwise (no "CAT HAB", no "NOME E SOBRENOME")', () => {
    const c = place('DETRAN NOME CIVIL JOAO PEREIRA DOC. IDENTIDADE / ÓRG. EMISSOR / UF 1234567 SSP SP CATEGORIA AB NÚMERO DO REGISTRO 01234567890 PRIMEIRA HABILITAÇÃO 01/02/2005', { portrait: left });
    expect(c.type).toBe('CNH_FRENTE');
  });

  it('tells an old RG opened flat by its layout when its small labels were lost: portrait on one card, all the data on the other', () => {
    // As read from an 800 px photo: a heading, the holder's data, no caption and no back-only label.
    const text = 'CARTEIRA DE IDENTIDADE 24425992 07/11/1996 SERGIO ANDRE DOS SOUZA SANTANA DIAS 11/12/1982 331.622.540-60';
    const portrait = { side: 'left' as const, box: [0, 350, 425, 420] as Box };
    const words: { text: string; bbox: Box }[] = [
      { text: '07/11/1996', bbox: [2500, 150, 250, 40] },
      { text: '11/12/1982', bbox: [2500, 500, 250, 40] },
      { text: '331.622.540-60', bbox: [2500, 600, 300, 40] },
    ];
    const halves = halvesOf(words, portrait.box, 3400);
    expect(halves).toEqual({ portrait: 'left', data: 'right' });
    expect(place(text, { aspect: 3.2, portrait, halves }).type).toBe('RG_ABERTO');
    // The two-card shape alone says as much: no other document of ours is two cards side by side under an identity heading.
    expect(place(text, { aspect: 3.2, portrait }).type).toBe('RG_ABERTO');
    // The same reading on one card is the photo-and-data side of a new RG, never opened.
    expect(place(text, { aspect: 1.58, portrait }).type).not.toBe('RG_ABERTO');
    expect(place(text, { portrait }).type).not.toBe('RG_ABERTO');
    // A CNH opened flat prints its data beside its portrait: no split.
    expect(halvesOf([...words, { text: '14/09/1976', bbox: [300, 900, 250, 40] }, { text: '01/05/2015', bbox: [600, 900, 250, 40] }], portrait.box, 3400)?.data).toBe('both');
  });

  it("lets the confident data words decide when a heading's garbled print reads as digits on the photo side", () => {
    // An 800 px photo of an RG opened flat, photo side on the right: its heading read as `3916008` (confidence 57).
    const portrait: Box = [1842, 418, 283, 418];
    const data = [
      { text: '14725564', bbox: [40, 163, 182, 78] as Box, conf: 81 },
      { text: '15/04/2020', bbox: [904, 159, 211, 78] as Box, conf: 88 },
      { text: '08/01/1989', bbox: [899, 637, 190, 32] as Box, conf: 88 },
    ];
    const garbled = { text: '3916008', bbox: [2265, 79, 246, 24] as Box, conf: 57 };
    expect(halvesOf([...data, garbled], portrait, 3400)).toEqual({ portrait: 'right', data: 'left' });
    // Read as confidently as the data, it is data on both cards (a CNH prints its data beside its portrait).
    expect(halvesOf([...data, { ...garbled, conf: 90 }], portrait, 3400)?.data).toBe('both');
    // Data words of low confidence alone still count (a rough photo's dates), when they lie in one half.
    expect(halvesOf(data.map((w) => ({ ...w, conf: 40 })), portrait, 3400)?.data).toBe('left');
  });

  it("counts the lines that spell a person's name as the holder's data, where an 800 px photo lost the dates", () => {
    // V RG_ABERTO #2101 at the default budget: one reading, no date read, the photo side's heading read as `3916008`.
    const portrait: Box = [1842, 418, 283, 418];
    const line = (texts: string[], x: number, y: number, conf = 80) => ({ words: texts.map((text, i) => ({ text, bbox: [x + i * 160, y, 150, 30] as Box, conf })) });
    const lines = [
      line(['14725564'], 40, 163, 77),
      line(['RODRIGO', 'VITÓRIA', 'CASTRO', 'FREITAS', 'DAS', 'RODRIGUES'], 40, 260),
      line(['JOIA', 'CASTRO'], 40, 330),
      line(['LÚCIA', 'GUSTAVO', 'HARBONA', 'OA', 'OUVIIRA', 'DOS', 'MELO'], 40, 370),
      line(['3916008'], 2265, 79, 57),
      // The photo side's heading names a state, not a person.
      line(['ESTADO', 'DE', 'SÃO', 'PAULO'], 2000, 40),
      line(['SANTA', 'CATARINA'], 2000, 70),
    ];
    const marked = nameWords(lines, 3400).filter((w) => w.holderName).map((w) => w.text);
    expect(marked).toEqual(['RODRIGO', 'VITÓRIA', 'CASTRO', 'FREITAS', 'RODRIGUES']);
    expect(halvesOf(nameWords(lines, 3400), portrait, 3400)).toEqual({ portrait: 'right', data: 'left' });
    // Numbers alone leave it undecided (one confident word is not a half).
    expect(halvesOf(lines.flatMap((l) => l.words), portrait, 3400)?.data).toBe('both');
    // A line read across the fold keeps the names of its own half.
    const across = line(['MARIA', 'SOUZA', 'POLEGAR', 'DIREITO'], 1380, 500);
    expect(nameWords([across], 3400).filter((w) => w.holderName).map((w) => w.text)).toEqual(['MARIA', 'SOUZA']);
  });

  it("counts the data block when OCR put a space after a dot of the CPF, and past the labels' cap", () => {
    // A rough 900 px opened RG: headings garbled, labels lost, `676.024. 880-59` for 676.024.880-59.
    const lines: [string, Box][] = [
      ['CARTEIRA DE 104 NTIDADE', [400, 300, 700, 40]],
      ['16/12/1998', [2900, 150, 250, 40]],
      ['AMILA FERNANDA DAS SOUZA RIBEIRO', [1900, 450, 900, 40]],
      ['MANAUS-BA 23/11/1963', [1900, 700, 1100, 40]],
      ['676.024. 880-59', [2900, 780, 300, 40]],
    ];
    const { text, portrait, halves } = openedReading(lines);
    const c = place(text, { aspect: 3.18, portrait, halves });
    expect(c.type).toBe('RG_ABERTO');
    expect(c.candidates[0]!.cues).toContain('dataBlock');
    // An RG back whose labels reach their cap gains the data block too: not out-weighed by the state models' (0.7).
    const back = 'VALIDA EM TODO O TERRITORIO NACIONAL REGISTRO GERAL 24425992 DATA DE EXPEDICAO 07/11/1996 NOME FILIACAO NATURALIDADE SAO PAULO-SP DATA DE NASCIMENTO 11/12/1982 DOC ORIGEM CERT NASC CPF 331.622. 540-60 ASSINATURA DO DIRETOR';
    expect(place(back, {}).type).toBe('RG_VERSO');
    const lead = (t: string) => {
      const score = (type: string) => place(t, {}).candidates.find((k) => k.type === type)?.score ?? 0;
      return score('RG_VERSO') - score('RG_FRENTE');
    };
    expect(lead(back)).toBeGreaterThan(lead(back.replace('331.622. 540-60', '')));
  });

  it('tells an old RG opened flat with every label lost: the numbers, however misread, all on the card without the portrait', () => {
    // As read from a photo with the card small in the frame: values only, dates and the CPF garbled.
    const lines: [string, Box][] = [
      ['JA 6 TOGO O VERSITORIO MACIONEA', [1900, 120, 900, 40]],
      ['74084322', [1850, 260, 220, 40]],
      ['19/06/2017', [2800, 260, 250, 40]],
      ['MEITOR SANTOS RODRIGUES DAS MARQUES', [1850, 420, 1100, 40]],
      ['239:32/1008', [2800, 700, 250, 40]],
      ['034.008', [2800, 800, 180, 40]],
      ['7180-3?', [3000, 800, 160, 40]],
    ];
    const { text, portrait, halves } = openedReading(lines);
    expect(halves).toEqual({ portrait: 'left', data: 'right' });
    const colour = { hue: 72, saturation: 0.1 };
    expect(place(text, { aspect: 3.12, portrait, halves, colour }).type).toBe('RG_ABERTO');
    // Without the layout, or on one card's shape, nothing is placed: the numbers' side is the cue.
    expect(place(text, { aspect: 3.12, portrait, colour }).type).toBeUndefined();
    expect(place(text, { aspect: 1.58, portrait, halves, colour }).type).toBeUndefined();
    // A card tinted outside the RG's usual hues, its data side's dates and CPF and a birth label read, the photo side
    // its portrait alone: placed by the layout (the portrait on the card without the data is the photo side).
    const read = `${text}\nDATA DE NASCIMENTO 25/12/1998\n934.088.760-37`;
    const tinted = { hue: 59, saturation: 0.27 };
    expect(place(read, { aspect: 3.12, portrait, halves, colour: tinted }).type).toBe('RG_ABERTO');
    // Not when the data lies on both cards (a CNH prints its data beside its portrait).
    expect(place(read, { aspect: 3.12, portrait, halves: { portrait: 'left', data: 'both' }, colour: tinted }).type).not.toBe('RG_ABERTO');
  });

  it('takes one RG side read on a page two cards wide for the RG opened flat (its other side unread), not a CNH side', () => {
    // The data side alone (its photo side's print lost on a rough photo), and the photo side alone.
    const back = 'VALIDA EM TODO O TERRITORIO NACIONAL 19312762 26/12/2018 JOAO TEIXEIRA NASCIMENTO 16/05/1987 DATA DE NASCIMENTO';
    const front = 'SECRETARIA DA SEGURANCA PUBLICA INSTITUTO DE IDENTIFICACAO CARTEIRA DE IDENTIDADE';
    expect(place(back, { aspect: 3.08, portrait: null }).type).toBe('RG_ABERTO');
    expect(place(back, { aspect: 3.08, portrait: null }).candidates[0]!.cues).toContain('two-card shape 3.08, one side read');
    expect(place(front, { aspect: 3.13, portrait: null }).type).toBe('RG_ABERTO');
    // One card's shape, or none told: the side it is.
    expect(place(back, { aspect: 1.5, portrait: null }).type).toBe('RG_VERSO');
    expect(place(back).type).toBe('RG_VERSO');
    expect(place(front, { aspect: 1.45 }).type).toBe('RG_FRENTE');
    // Nothing placed stays unplaced: the shape is no cue on its own.
    expect(place('JOAO 12/03/1958 10/10/2002', { aspect: 3.1 }).type).toBeUndefined();
  });

  it('tells a CNH opened flat from either side: both sides own labels, and the two-card shape', () => {
    const front = 'CARTEIRA NACIONAL DE HABILITAÇÃO NOME JOAO PEREIRA DOC IDENTIDADE ORG EMISSOR UF CAT HAB AB N REGISTRO 01234567890 1 HABILITACAO 01/02/2005 VALIDADE 01/02/2030';
    const back = 'OBSERVAÇÕES EAR LOCAL SÃO PAULO SP DATA EMISSÃO 01/02/2025 ASSINATURA DO EMISSOR';
    expect(place(`${front} ${back}`, { aspect: 0.8, qr: 'cnh' }).type).toBe('CNH_ABERTA');
    // Side by side, with an issuer "SSP" among its values and the holder's data: still a CNH, not an RG opened flat.
    expect(place(`${front} 1234567 SSP SP 14/09/1976 331.622.540-60 ${back}`, { aspect: 3.15 }).type).toBe('CNH_ABERTA');
    expect(place(front, { aspect: 0.8, portrait: left }).type).toBe('CNH_FRENTE');
    expect(place(back, { qr: 'cnh', portrait: null }).type).toBe('CNH_VERSO');
    // Front labels lost on a small photo: the portrait beside the back, on a page of two cards, is the front.
    const frontLost = 'JOAO PEREIRA VALIDADE 01/02/2030';
    expect(place(`${frontLost} ${back}`, { aspect: 3.1, qr: 'cnh', portrait: left }).type).toBe('CNH_ABERTA');
    // Two cards wide with the CNH's QR code (printed on its back alone): a cue only the front prints is enough for
    // it (here its expiry label and a date ahead); with nothing of the front, the page is the back.
    expect(place(`${frontLost} ${back}`, { aspect: 3.1, qr: 'cnh', portrait: null }).type).toBe('CNH_ABERTA');
    expect(place(back, { aspect: 3.1, qr: 'cnh', portrait: null }).type).toBe('CNH_VERSO');
    expect(place(`${frontLost} ${back}`, { aspect: 1.5, qr: 'cnh', portrait: left }).type).not.toBe('CNH_ABERTA');
    // Not one caption of either side read: the code's own values printed on the page (its front's print) say both are there.
    const values = 'PAULA DAS PEREIRA 22319312 SSP MA 956.299,131-82 06/04/1965 88975241796 05/10/2024 05/10/2019';
    expect(place(values, { aspect: 0.74, qr: 'cnh', qrPrinted: true, portrait: null }).type).toBe('CNH_ABERTA');
    expect(place(values, { qr: 'cnh', qrPrinted: true, portrait: null }).type).toBe('CNH_ABERTA');
    expect(place(values, { aspect: 0.74, qr: 'cnh', portrait: null }).type).toBe('CNH_VERSO');
    // One card's shape, or none known: with the QR, one strong label only the front prints.
    expect(place(`CARTEIRA NACIONAL DE HABILITAÇÃO 1ª HABILITAÇÃO 01/02/2005 ${back}`, { qr: 'cnh', portrait: null }).type).toBe('CNH_ABERTA');
    expect(place(`CARTEIRA NACIONAL DE HABILITAÇÃO 1ª HABILITAÇÃO 01/02/2005 ${back}`, { portrait: null }).type).not.toBe('CNH_ABERTA');
  });

  it('a QR code with a driving licence’s data rules out every document but a CNH', () => {
    const rgBack = 'VÁLIDA EM TODO O TERRITÓRIO NACIONAL REGISTRO GERAL 12.345.678-9 DATA DE EXPEDIÇÃO 01/02/2015 ASSINATURA DO DIRETOR';
    const without = place(rgBack, { aspect: 1.5, portrait: null });
    expect(without.type).toBe('RG_VERSO');
    // It weighs against the others as much as it weighs for a CNH's back (an RG's back read in full still wins).
    const c = place(rgBack, { aspect: 1.5, portrait: null, qr: 'cnh' });
    const rg = c.candidates.find((x) => x.type === 'RG_VERSO')!;
    expect(rg.cues).toContain('not: qr cnh');
    expect(rg.score).toBeCloseTo(without.score - 3, 5);
    // A side read poorly, its few cues beside a CNH's QR: no longer an RG opened flat.
    const weak = place('SECRETARIA DA SEGURANÇA PÚBLICA 12.345.678-9 14/09/1976', { aspect: 3.2, portrait: null, qr: 'cnh' });
    expect(weak.type ?? '').not.toMatch(/^RG/);
  });

  it('does not place a single card side on a page two cards wide from a label read by chance and a portrait', () => {
    // An opened RG's heading garbled at 800 px ("CARTEIRA DE IDENTIDADE"): close enough to the CNH's "DOC. IDENTIDADE".
    const garbled = 'CANTUIDA OC IDENTIDADE ONDA PO ANDO';
    const tint = { hue: 90, saturation: 0.3 };
    expect(place(garbled, { aspect: 1.58, portrait: left, colour: tint }).type).toBe('CNH_FRENTE');
    const wide = place(garbled, { aspect: 3.13, portrait: left, colour: tint });
    expect(wide.type).toBeUndefined();
    expect(wide.candidates.find((c) => c.type === 'CNH_FRENTE')!.cues).toContain('not: two-card shape 3.13');
  });

  it('places a CNH front whose heading was read, on a page two cards wide, as the CNH opened flat (its back too small to read)', () => {
    // An 800 px photo of an opened CNH: the front's heading, first licence and birth read, nothing of the back or its code.
    const front = 'CANTIVRA NAL IONAL DE MABILITAÇÃO CAUÃ RAMOS DO MARTINS 18/02/1974, PORTO ALEGRE, PI 1ª HABILITAÇÃO 10/12/1995';
    const tint = { hue: 90, saturation: 0.3 };
    expect(place(front, { aspect: 3.13, portrait: left, colour: tint }).type).toBe('CNH_ABERTA');
    expect(place(front, { aspect: 1.58, portrait: left, colour: tint }).type).toBe('CNH_FRENTE');
  });

  it('reads the document kind from a valid machine-readable zone without any printed label', () => {
    const passport = readMrz(td3(person))!;
    expect(place('', { mrz: passport }).type).toBe('PASSAPORTE');
    const cin = readMrz(td1(person))!;
    expect(place('FILIAÇÃO', { mrz: cin }).type).toBe('CIN_VERSO');
    const foreign = readMrz(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'])!;
    expect(foreign.valid).toBe(true);
    expect(place('', { mrz: foreign }).type).toBe('DOCUMENTO_ESTRANGEIRO');
  });

  it('counts lines shaped like a TD1 zone on a back whose zone did not parse', () => {
    const c = place('FILIAÇÃO / FILIATION ANA SOUZA NATURALIDADE / PLACE OF BIRTH MANAUS-AM', { mrzShape: 'TD1', portrait: null });
    expect(c.type).toBe('CIN_VERSO');
    expect(c.candidates[0]!.cues).toContain('mrz-shaped lines TD1');
  });

  it('does not let a CNH back with a TD1 zone pass for a CIN back', () => {
    const mrz = readMrz(td1(person))!;
    const c = place('SENATRAN OBSERVAÇÕES LOCAL BRASILIA DF DATA EMISSÃO 01/02/2025 ASSINATURA DO EMISSOR', { mrz, qr: 'cnh', portrait: null });
    expect(c.type).toBe('CNH_VERSO');
  });

  it('does not take a company\'s CNPJ card (also from the Receita Federal) for a CPF card', () => {
    expect(place('MINISTÉRIO DA FAZENDA RECEITA FEDERAL CADASTRO DE PESSOAS FÍSICAS NÚMERO DE INSCRIÇÃO 529.982.247-25').type).toBe('CPF');
    expect(place('RECEITA FEDERAL COMPROVANTE DE INSCRIÇÃO E DE SITUAÇÃO CADASTRAL NÚMERO DE INSCRIÇÃO 12.345.678/0001-95 NOME EMPRESARIAL ALFA LTDA').type).toBeUndefined();
  });

  it('never places a page on its tint or its portrait alone', () => {
    const c = place('', { portrait: left, colour: { hue: 120, saturation: 0.3 } });
    expect(c.type).toBeUndefined();
  });

  it('returns a foreign document without a zone as not recognised, with the candidates weighed', () => {
    const c = place('STATE OF CALIFORNIA DRIVER LICENSE DL 12345678 EXP 08/31/2029 LN SAMPLE FN JOHN DOB 08/31/1977 CLASS C SEX M', { portrait: left });
    expect(c.type).toBeUndefined();
    expect(c.candidates.length).toBeGreaterThan(0);
    expect(c.candidates[0]!.score).toBeLessThan(3);
    expect(c.candidates[0]!.cues.length).toBeGreaterThan(0);
  });
});

describe('a foreign card zone', () => {
  it('speaks against a Brazilian card back, whatever labels the card shares with one', () => {
    const labels = 'AUTHORITY / AUTORITÉ PLACE OF BIRTH / LIEU DE NAISSANCE DATE OF ISSUE / DATE DE DÉLIVRANCE';
    const foreign = readMrz(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'])!;
    expect(foreign.valid).toBe(true);
    expect(place(labels, { mrz: foreign }).type).toBe('DOCUMENTO_ESTRANGEIRO');
    const brazilian = readMrz(td1({ ...person, documentNumber: 'AB1234567' }))!;
    expect(place(labels, { mrz: brazilian }).type).toBe('CIN_VERSO');
  });

  it('speaks so when a check digit fails too, by its two state codes (neither under a check digit)', () => {
    const labels = 'AUTHORITY / AUTORITÉ PLACE OF BIRTH / LIEU DE NAISSANCE DATE OF ISSUE / DATE DE DÉLIVRANCE';
    // The document number misread (SPECI2865): its check digit and the composite fail, the codes still say NLD.
    const foreign = readMrz(['I<NLDSPECI2K654<<<<<<<<<<<<<<<', '8908283M2012135NLD<<<<<<<<<<<4', 'VAN<DER<MEULEN<VAN<T<ZAND<<DIR'])!;
    expect(foreign.valid).toBe(false);
    expect(place(labels, { mrz: foreign }).type).toBe('DOCUMENTO_ESTRANGEIRO');
    // A Brazilian card's zone misread the same way stays a CIN back.
    const lines = td1({ ...person, documentNumber: 'AB1234567' });
    const brazilian = readMrz([lines[0]!.replace('AB1234567', 'AB1K34567'), ...lines.slice(1)])!;
    expect(brazilian.valid).toBe(false);
    expect(place(labels, { mrz: brazilian }).type).toBe('CIN_VERSO');
  });
});

/** ICAO 9303's MRV-B example zone. */
const ICAO_MRVB = ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'] as const;

describe('a visa zone that fails a check digit', () => {
  const labels = 'SURNAME / NOM ERIKSSON GIVEN NAMES / PRÉNOMS ANNA MARIA NATIONALITY UTOPIAN DATE OF BIRTH 07 SEP 1940 SEX F DATE OF EXPIRY 10 DEC 1996';

  it('speaks against a passport and a CIN front, whose English labels a visa shares', () => {
    // ICAO 9303's MRV-B example with its birth date's check digit misread (8 → 9): no look-alike swap mends a digit.
    const visa = readMrz(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009079F9612109<<<<<<<<'])!;
    expect(visa.valid).toBe(false);
    expect(visa.format).toBe('MRVB');
    const c = place(labels, { mrz: visa, portrait: left });
    expect(c.type).toBe('DOCUMENTO_ESTRANGEIRO');
    expect(c.candidates.find((x) => x.type === 'CIN_FRENTE')?.cues.some((cue) => cue.startsWith('not: mrz MRVB UTO'))).toBe(true);
  });

  it('and, valid, outweighs the labels a passport page shares with the visa on it', () => {
    const visa = readMrz([...ICAO_MRVB])!;
    expect(visa.valid).toBe(true);
    const c = place(`PASSPORT PASSAPORTE ${labels}`, { mrz: visa, portrait: left });
    expect(c.type).toBe('DOCUMENTO_ESTRANGEIRO');
    expect(c.candidates.find((x) => x.type === 'PASSAPORTE')?.cues).toContain('not: mrz MRVB UTO');
  });

  it('leaves a passport whose zone fails a check digit a passport', () => {
    const lines = td3(person);
    const broken = [lines[0]!, lines[1]!.slice(0, 9) + String((Number(lines[1]![9]) + 1) % 10) + lines[1]!.slice(10)];
    const passport = readMrz(broken)!;
    expect(passport.valid).toBe(false);
    expect(place(labels, { mrz: passport, portrait: left }).type).toBe('PASSAPORTE');
  });

  it('does not take a zone failing two of its three checks for a visa', () => {
    // (Brazil's codes: another state's would make it a foreign document by its codes alone.)
    const visa = readMrz(['V<BRAERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4BRA4009079F9612108<<<<<<<<'])!;
    expect(visa.failing?.length).toBe(2);
    expect(place(labels, { mrz: visa, portrait: left }).type).not.toBe('DOCUMENTO_ESTRANGEIRO');
  });
});

describe('placed by what was read', () => {
  it('tells a page placed by its text from one placed by its QR code, shape and a dark block alone (read upside down)', () => {
    const portrait = { side: 'right' as const, box: [1392, 0, 2009, 1148] as Box };
    const upsideDown = place('OYIVLINAVH IO IVNOIIVN VWILLNVYD CAIANCAS DO TVINOUIVN', { qr: 'cnh', aspect: 3.25, portrait });
    expect(upsideDown.type).toBe('CNH_ABERTA');
    expect(placedByText(upsideDown.candidates[0]!)).toBe(false);
    const upright = place('CARTEIRA NACIONAL DE HABILITAÇÃO NOME DOC. IDENTIDADE / ÓRG. EMISSOR / UF', { qr: 'cnh', aspect: 3.25, portrait });
    expect(upright.type).toBe('CNH_ABERTA');
    expect(placedByText(upright.candidates[0]!)).toBe(true);
  });
});

describe('portrait cue', () => {
  const page = (paint: (x: number, y: number) => number, width = 640, height = 400) => {
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = paint(x, y);
    return { data, width, height };
  };
  const lines: Box[] = Array.from({ length: 8 }, (_, i) => [300, 40 + i * 42, 300, 24] as Box);

  it('finds a dark 3:4 block without text and says which side it is on', () => {
    const card = page((x, y) => (x >= 40 && x < 250 && y >= 60 && y < 340 ? 90 : 235));
    expect(findPortrait(card, lines)).toMatchObject({ side: 'left' });
  });

  it('finds none on a text-only side, nor in a square code', () => {
    expect(findPortrait(page(() => 235), lines)).toBeUndefined();
    const code = page((x, y) => (x >= 40 && x < 240 && y >= 100 && y < 300 && ((x >> 3) + (y >> 3)) % 2 ? 20 : 235));
    expect(findPortrait(code, lines)).toBeUndefined();
  });

  it('finds the small portrait of two cards side by side (its grid cells stay about square across the page)', () => {
    // 1240 × 400: the photo side on the right, its portrait 70 × 100 px (an eighteenth of the page's width: two columns
    // of a 24-column grid, too few for a portrait).
    const opened = page((x, y) => (x >= 800 && x < 870 && y >= 130 && y < 230 ? 90 : 235), 1240, 400);
    const data: Box[] = Array.from({ length: 8 }, (_, i) => [60, 40 + i * 42, 480, 24] as Box);
    expect(findPortrait(opened, data)).toMatchObject({ side: 'right' });
  });

  it('looks on the card alone when its place on the page is known (not on the blank corners a deskew adds)', () => {
    // A card (grey 200) centred on a white canvas, as a tilted card is after deskewing, its portrait on the left.
    const card: Box = [80, 100, 640, 400];
    const inCard = (x: number, y: number) => x >= 80 && x < 720 && y >= 100 && y < 500;
    const deskewed = page((x, y) => (!inCard(x, y) ? 255 : x >= 120 && x < 300 && y >= 170 && y < 410 ? 90 : 200), 800, 600);
    const text: Box[] = Array.from({ length: 7 }, (_, i) => [380, 140 + i * 48, 300, 24] as Box);
    expect(findPortrait(deskewed, text)).toBeUndefined();
    const found = findPortrait(deskewed, text, card)!;
    expect(found.side).toBe('left');
    expect(found.box[0]).toBeGreaterThanOrEqual(80);
    expect(found.box[0]).toBeLessThan(140);
  });

  it('finds the portrait of two cards side by side on a card shaded darker across than the portrait differs from it', () => {
    // The photo card on the left darkens towards its outer edge (a shadow): against the bright data card the whole
    // shaded part reads as one block, too wide for a portrait. Against the tones around it, the portrait stands out.
    const shade = (x: number) => 120 + (115 * x) / 620;
    const opened = page((x, y) => (x >= 620 ? 235 : x >= 70 && x < 170 && y >= 130 && y < 270 ? shade(x) - 70 : shade(x)), 1240, 400);
    const data: Box[] = Array.from({ length: 8 }, (_, i) => [700, 40 + i * 42, 480, 24] as Box);
    const card: Box = [0, 0, 1240, 400];
    expect(findPortrait(opened, data, card)).toBeUndefined();
    expect(findPortraitOnCards(opened, data, card, true)).toMatchObject({ side: 'left' });
    const found = findPortraitOnCards(opened, data, card, true)!;
    expect(found.box[0]).toBeGreaterThanOrEqual(50);
    expect(found.box[0] + found.box[2]).toBeLessThanOrEqual(200);
    // One card alone is searched as a whole, as before.
    expect(findPortraitOnCards(opened, data, card, false)).toBeUndefined();
  });

  it('is not hidden by letters OCR read off the portrait itself (a "word" several lines tall)', () => {
    const opened = page((x, y) => (x >= 800 && x < 870 && y >= 130 && y < 230 ? 90 : 235), 1240, 400);
    const data: Box[] = Array.from({ length: 8 }, (_, i) => [60, 40 + i * 42, 480, 24] as Box);
    const offPortrait: Box[] = [...data, [805, 140, 60, 70]];
    const card: Box = [0, 0, 1240, 400];
    expect(findPortrait(opened, offPortrait, card)).toBeUndefined();
    expect(findPortraitOnCards(opened, offPortrait, card, true)).toMatchObject({ side: 'right' });
  });
});

describe('one list of wordings per label', () => {
  it('gives the field extractor the classification wordings in their order, less the bare cues', () => {
    expect(wordingsOf('birth', ['NASCIMENTO'])).toEqual(LABELS.birth.filter((w) => w !== 'NASCIMENTO'));
    expect(wordingsOf('birth', ['NASCIMENTO'])).toContain('NASCIDO(A) EM');
    expect(wordingsOf('parents', ['PAI', 'MAE'])).toEqual(['FILIACAO', 'FILIATION', 'PAI E MAE', 'NOME DOS PAIS']);
    // A wording the extractor reads is also a classification cue.
    for (const w of wordingsOf('parents')) expect(conceptsIn(fold(`${w} ANA SOUZA`)).has('parents')).toBe(true);
    for (const w of wordingsOf('birthPlace')) expect(conceptsIn(fold(`${w} MANAUS-AM`)).has('birthPlace')).toBe(true);
  });
});

