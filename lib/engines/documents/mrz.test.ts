import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../ocr';
import { extractFields } from './extract';
import { mrzDate, mrzDocumentType, readMrz } from './mrz';
import { checkDigit, failingChecks, plausible } from './mrz-layout';
import { repairGroup, zerosMended } from './mrz-repair';
import { readMrzFromReadings } from './mrz-mix';
import { paperOutside } from './mrz-read';
import { td1 as cinZone, td3 } from '../../../scripts/synth';

/** ICAO 9303 Parts 4-7 example zones. */
const ICAO = {
  TD1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
  TD2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  TD3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  MRVA: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'],
  MRVB: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'],
} as const;

describe('ICAO example zones', () => {
  for (const [format, lines] of Object.entries(ICAO)) {
    it(`${format} parses valid, unrepaired, with its fields`, () => {
      const r = readMrz([...lines])!;
      expect(r.format).toBe(format);
      expect(r.valid).toBe(true);
      expect(r.repaired).toBe(false);
      expect(r.lines).toEqual(lines);
      expect(r.fields.lastName).toBe('ERIKSSON');
      expect(r.fields.firstName).toBe('ANNA MARIA');
      expect(r.fields.issuingState).toBe('UTO');
      expect(r.fields.sex).toBe('female');
    });
  }

  it('reads the ERIKSSON passport number and dates', () => {
    const r = readMrz([...ICAO.TD3])!;
    expect(r.fields.documentNumber).toBe('L898902C3');
    expect(r.fields.birthDate).toBe('740812');
    expect(r.fields.expirationDate).toBe('120415');
    expect(r.fields.nationality).toBe('UTO');
  });

  it('takes a zone whose nationality is no state for misread, though its check digits pass', () => {
    // A visa scan read GAS for NGA: the N lost and an S gained before the birth date, where no check digit looks.
    const misread = readMrz(['V<CHEABDULLAH<<CHIDI<<<<<<<<<<<<<<<<', 'K44W8000<4GAS5511101F3407286<<<<<<<<'])!;
    expect(failingChecks('MRVB', misread.lines)).toEqual([]);
    expect(misread.valid).toBe(false);
    expect(readMrz(['V<CHEABDULLAH<<CHIDI<<<<<<<<<<<<<<<<', 'K44W8000<4NGA5511101F3407286<<<<<<<<'])!.valid).toBe(true);
    // Germany's one-letter code, filled, is a state.
    const german = readMrz([ICAO.TD3[0].replace('UTO', 'D<<'), ICAO.TD3[1].replace('UTO', 'D<<')])!;
    expect(german.valid).toBe(true);
    expect(german.fields.nationality).toBe('D');
    // A header whose filler was read as a letter (UBRA) still names the state the nationality names.
    expect(plausible('TD1', ['UBRA<' + ICAO.TD1[0].slice(5), ICAO.TD1[1].replace('UTO', 'BRA'), ICAO.TD1[2]])).toBe(true);
    expect(plausible('TD1', ['I<UTB' + ICAO.TD1[0].slice(5), ...ICAO.TD1.slice(1)])).toBe(false);
  });

  it('gives a passport zone whose code and filler were lost its header back, so the state is not read into the names', () => {
    const r = readMrz([ICAO.TD3[0].slice(2) + '<<', ICAO.TD3[1]])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.lines[0]).toBe(ICAO.TD3[0]);
    expect([r.fields.documentCode, r.fields.lastName, r.fields.firstName]).toEqual(['P', 'ERIKSSON', 'ANNA MARIA']);
  });

  it('computes check digits as ICAO does', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(failingChecks('TD3', [...ICAO.TD3])).toEqual([]);
    expect(failingChecks('TD3', [ICAO.TD3[0], ICAO.TD3[1].replace('7408122', '7408132')])).toEqual(['birthDate', 'composite']);
  });
});

describe('repairs', () => {
  it('fixes letters in date positions and O/0 in the number, and says so', () => {
    const r = readMrz(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8989O2C36UTO74O8122F12O4159ZE184226B<<<<<1O'])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.lines[1]).toBe(ICAO.TD3[1]);
  });

  it('restores a dropped filler and a name line whose fillers came back as K', () => {
    const r = readMrz(['P<UTOERIKSSON<<ANNA<MARIA<<<<<KK<<<<<K<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<10'])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.lines).toEqual(ICAO.TD3);
  });

  it('never swaps a digit for a digit: a forged birth date stays invalid', () => {
    // 740812 changed to 740912 (8 -> 9, which OCR also confuses), check digits left as they were.
    const r = readMrz([ICAO.TD3[0], ICAO.TD3[1].replace('7408122', '7409122')])!;
    expect(r.valid).toBe(false);
    expect(readMrz([ICAO.TD3[0], ICAO.TD3[1].replace('L898902C36', 'L898902C38')])!.valid).toBe(false);
  });

  it('does not choose between two repairs the check digits cannot tell apart', () => {
    // 740812 read 740817: 240817 passes the same check digits, so nothing is claimed valid.
    const r = readMrz([...ICAO.TD1].map((l, k) => (k === 1 ? l.replace('7408122', '7408172') : l)))!;
    expect(r.valid).toBe(false);
  });

  it('of two look-alike repairs the same check digit passes, keeps the runs of digits whole', () => {
    // X08544201 read XO8544201: 0 -> Q inside the digits ("XO85442Q1") passes the same check digit.
    const r = readMrz(['ARITAXO85442015756910<<<<<<<<<', '1506255F2712158ITA<<<<<<<<<<<0', 'SHEVCHENKO<<JOHN<<<<<<<<<<<<<<'])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.fields.documentNumber).toBe('X08544201');
  });

  it('judges a letter by the neighbours of its own field: a personal number may begin with one', () => {
    // Z3418162 read 73418162: Z at the field's start, A for 4 or T for 1 inside it pass the same check digits
    // (the composite weighs that field in the same phase); only Z keeps the run of digits whole.
    const r = readMrz(['P<INDGARCIA<<MOHAMMED<<<<<<<<<<<<<<<<<<<<<<<', 'L726769E<4GBR1408175M361112273418162<<<<<<88'])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.lines[1]).toBe('L726769E<4GBR1408175M3611122Z3418162<<<<<<88');
  });

  it('leaves a zone with two wrong digits in one field invalid', () => {
    const r = readMrz([ICAO.TD3[0], ICAO.TD3[1].replace('7408122', '7403722')])!;
    expect(r.valid).toBe(false);
  });

  it('undoes a letter read twice that pushed a filler off the line', () => {
    const doubled = ICAO.MRVA[1].replace('XXX400', 'XXX4400').slice(0, 44);
    const r = readMrz([ICAO.MRVA[0], doubled])!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.lines[1]).toBe(ICAO.MRVA[1]);
  });

  it('drops a letter read into the gap after the document code', () => {
    const r = readMrz(['PX<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<', ICAO.TD3[1]])!;
    expect(r.lines[0]).toBe(ICAO.TD3[0]);
    expect(r.fields.issuingState).toBe('UTO');
    expect(r.repaired).toBe(true);
  });

  it('mends a header whose filler was read as X or K, or lost, by the issuing state it must name', () => {
    const usa = ['P<USATANAKA<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<', ICAO.TD3[1]];
    const read = (line: string) => readMrz([line, usa[1]!])!;
    expect(read('PXUSATANAKA<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<').lines[0]).toBe(usa[0]);
    expect(read('PKUSATANAKA<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<').fields.issuingState).toBe('USA');
    // One character short: "PBEL" for "P<BEL", the state's code one place early.
    const lost = read('PBELKUMAR<<INGRID<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(lost.lines[0]).toBe('P<BELKUMAR<<INGRID<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(lost.fields.issuingState).toBe('BEL');
    expect(lost.fields.lastName).toBe('KUMAR');
    expect(lost.repaired).toBe(true);
    // A visa's header alike; a two-letter code before a state is left as printed (a diplomatic passport).
    expect(readMrz(['VGBRROSSI<<JOHN'.padEnd(35, '<'), ICAO.MRVB[1]])!.lines[0]).toBe('V<GBRROSSI<<JOHN'.padEnd(36, '<'));
    expect(read('PDBELKUMAR<<INGRID<<<<<<<<<<<<<<<<<<<<<<<<<<').fields.issuingState).toBe('BEL');
    expect(read('PDBELKUMAR<<INGRID<<<<<<<<<<<<<<<<<<<<<<<<<<').fields.documentCode).toBe('PD');
  });

  it('reads the padding of optional data as fillers once three fillers in a row begin it (chevrons read as K, A or C)', () => {
    const td1 = ['I<NLDSPECI28654<<<<<<<<<<<<<<<', '8908283M2012135NLD<<<<<<<<<<<4', 'VAN<DER<MEULEN<VAN<T<ZAND<<DIR'];
    const r = readMrz(['I<NLDSPECI28654<<<<AAAAAAAAAK', '8908283M2012135NLD<<<<<KKAAC<4', td1[2]!])!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(td1);
    const visa = readMrz([ICAO.MRVA[0], 'L8988901C4XXX4009078F96121096ZE184226B<<<<A<AA'])!;
    expect(visa.lines).toEqual([...ICAO.MRVA]);
    // A long number's overflow into the optional data is data, not padding.
    const long = ['I<UTOD23145890<7349<<<<<<<<<<<', '3407127M9507122UTO<<<<<<<<<<<2', 'STEVENSON<<PETER<JOHN<<<<<<<<<'];
    expect(readMrz([...long])!.lines).toEqual(long);
  });

  it('works out a composite check digit read as no digit, only where nothing unchecked lies under it', () => {
    const blank = ['P<UTOPENA<<JESUS<JUAN<CARLOS<<<<<<<<<<<<<<<<', 'KN160122<3URY4502166M2011013<<<<<<<<<<<<<<<0'];
    const r = readMrz([blank[0]!, 'KN160122<3URY4502166M2011013<<<<<AKA<A<AKO<<'])!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(blank);
    expect(r.repaired).toBe(true);
    // Under the ERIKSSON composite lies a personal number with its own check, but a TD1's optional data has none.
    const td1 = ['I<UTOD231458907ABC123<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<<', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(readMrz(td1)!.valid).toBe(false);
  });

  it("works out a Brazilian identity card's composite read as no digit where its optional data is a CPF that passes its own checks", () => {
    // (Generated CIN back, rough variety seed 3001: the composite `1` at the end of a run of fillers read as one.)
    const printed = cinZone({ documentNumber: '909066261', optional: '90906626188', surname: 'NASCIMENTO', given: 'GUSTAVO GONCALVES', birth: '1972-05-18', sex: 'F', expiry: '2035-02-28' });
    const lost = [printed[0]!, `${printed[1]!.slice(0, 29)}<`, printed[2]!];
    const r = readMrz(lost)!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(printed);
    // A CPF whose own check digits fail vouches for nothing: the composite stays unread.
    const badCpf = [printed[0]!.replace('90906626188', '90906626187'), lost[1]!, lost[2]!];
    expect(readMrz(badCpf)!.valid).toBe(false);
  });

  it("gives a Brazilian identity card's number the CPF's digits where it read letters that weigh as they do", () => {
    const printed = cinZone({ documentNumber: '588663824', optional: '58866382450', surname: 'GOMES', given: 'LETICIA SANTOS', birth: '1999-05-25', sex: 'M', expiry: '2031-04-24' });
    // S weighs 28 and 8 weighs 8: at any weight the check digits cannot tell them, the CPF beside it can.
    const misread = [printed[0]!.replace('IDBRA588', 'IDBRA5S8'), printed[1]!, printed[2]!];
    expect(failingChecks('TD1', misread)).toEqual([]);
    expect(readMrz(misread)!.lines).toEqual(printed);
    // Two misreads that cancel in the check digits (B for 0 at weight 7, S for 5 at weight 1), and three look-alikes
    // that fail it: the CPF gives both zones their number.
    const cancelled = cinZone({ documentNumber: '096435277', optional: '09643527700', surname: 'SILVA', given: 'ANA', birth: '1966-11-17', sex: 'F', expiry: '2031-01-01' });
    const twice = [cancelled[0]!.replace('IDBRA096435277', 'IDBRAB9643S277'), cancelled[1]!, cancelled[2]!];
    expect(failingChecks('TD1', twice)).toEqual([]);
    expect(readMrz(twice)!.lines).toEqual(cancelled);
    const looks = cinZone({ documentNumber: '500503149', optional: '50050314998', surname: 'PEREIRA', given: 'MARCIO', birth: '1963-02-06', sex: 'F', expiry: '2035-05-25' });
    const r = readMrz([looks[0]!.replace('IDBRA500', 'IDBRASOO'), looks[1]!, looks[2]!])!;
    expect(r).toMatchObject({ valid: true, lines: looks });
    // Another state's card, whose number need not be a CPF, and ICAO's example (`D23145890` beside `7349`): left as read.
    const foreign = misread.map((l, k) => (k === 0 ? l.replace('IDBRA', 'IDUTO') : l));
    expect(readMrz(foreign)!.lines).toEqual(foreign);
    expect(readMrz([...ICAO.TD1])!.lines).toEqual([...ICAO.TD1]);
  });

  it('takes a name line ending in six or more chevron look-alikes (K, L, A, C) for fillers, not a short name made of them', () => {
    const junk = readMrz(['V<UTOERIKSSON<<ANNA<MARIA<KLLLLKLK<<KA<LAKKK', ICAO.MRVA[1]])!;
    expect(junk.lines).toEqual([...ICAO.MRVA]);
    const real = readMrz(['V<UTOERIKSSON<<ANNA<CALLA<<<<<<<<<<<<<<<<<<<', ICAO.MRVA[1]])!;
    expect(real.fields.firstName).toBe('ANNA CALLA');
  });

  it("reads a passport zone whose names line came back too long (its run of fillers split and doubled), by its data line's width", () => {
    const r = readMrz(['P<BRASOUZA<<CARLOS<<<<<<<<<L<L<L<L<LLL<<L<A<A<<<<<<', 'NF457476<7BRA5303142F2701068<<<<<<<<<<<<<<06'])!;
    expect(r.format).toBe('TD3');
    expect(r.valid).toBe(true);
    expect(r.lines[0]).toBe('P<BRASOUZA<<CARLOS<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(r.fields.documentNumber).toBe('NF457476');
    // A card's three lines alike: its names line (the third) read too long.
    const card = readMrz([ICAO.TD1[0], ICAO.TD1[1], 'ERIKSSON<<ANNA<MARIA<<<<<<<L<L<LLL<<L<A<<'])!;
    expect(card.format).toBe('TD1');
    expect(card.valid).toBe(true);
    expect(card.lines).toEqual(ICAO.TD1);
  });

  it('drops a digit read among the names that looks like no letter', () => {
    const r = readMrz(['C<CANN0002710<1<<<<<<<<<<<<<<<', '8805083M2109114CAN17308085<<<8', 'B3ERANGER<DE<LA<FONTAINE<SAINT'])!;
    expect(r.lines[2]).toBe('BERANGER<DE<LA<FONTAINE<SAINT<');
    expect(r.fields.lastName).toBe('BERANGER DE LA FONTAINE SAINT');
  });

  it('reads a filler between two digits of a date as the 0 it stands for (both weigh 0 in every check)', () => {
    const r = readMrz([ICAO.TD3[0], 'L898902C36UTO7408122F12<4159ZE184226B<<<<<10'])!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(ICAO.TD3);
    expect(r.fields.expirationDate).toBe('120415');
  });

  it('ignores ordinary text lines', () => {
    expect(readMrz(['REPUBLICA FEDERATIVA DO BRASIL', 'NOME / NAME', 'MARIA DA SILVA'])).toBeUndefined();
    // Lines full of digits but no filler are not a zone on their own.
    expect(readMrz(['CPF 123.456.789-00 NASCIMENTO 01/01/1990', 'REGISTRO 01234567890 VALIDADE 01/01/2030'])).toBeUndefined();
  });
});

describe('a data line without a single filler (optional data used to the end)', () => {
  // ICAO's examples with their optional data filled: the second line then holds no filler, and was left out of the zone.
  const td1 = (() => {
    const l1 = ICAO.TD1[0];
    const l2 = '7408122F1204159UTO12345678901';
    return [l1, l2 + checkDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), ICAO.TD1[2]];
  })();
  const td3 = (() => {
    const l2 = `L898902C36UTO7408122F1204159ZE184226B12345${checkDigit('ZE184226B12345')}`;
    return [ICAO.TD3[0], l2 + checkDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43))];
  })();
  const mrva = [ICAO.MRVA[0], 'L8988901C4XXX4009078F96121096ZE184226B123456'];

  for (const [format, lines] of [['TD1', td1], ['TD3', td3], ['MRVA', mrva]] as const) {
    it(`${format}: read valid, the full line in place`, () => {
      expect(lines.some((l) => !l.includes('<'))).toBe(true);
      const r = readMrz([...lines])!;
      expect(r.format).toBe(format);
      expect(r.valid).toBe(true);
      expect(r.lines).toEqual(lines);
      expect(r.fields.birthDate).toBe(format === 'MRVA' ? '400907' : '740812');
    });
  }

  it('a name without a double filler is the primary identifier alone, not the given names too', () => {
    const r = readMrz(['IRJPNHAEMAELAEINEN<KORHONEN<VIRTANEN', 'QI86625850FIN9311192M1305090<<<<<<<4'])!;
    expect(r.valid).toBe(true);
    expect(r.fields.lastName).toBe('HAEMAELAEINEN KORHONEN VIRTANEN');
    expect(r.fields.firstName).toBeNull();
  });

  it('as OCR gives it, with a look-alike to mend (KOR read K0R)', () => {
    const r = readMrz(['IDKORR208S40490<<<<<<<<<<<<<<<', '8402231M3401310K0R082060522728', 'KIM<<GILDONG<SEUNGWOO<<<<<<<<<'])!;
    expect(r.valid).toBe(true);
    expect(r.fields.nationality).toBe('KOR');
    expect(r.fields.documentNumber).toBe('R208S4049');
  });
});

describe('mrzDocumentType', () => {
  it('tells passports, Brazilian ID backs and foreign documents apart', () => {
    expect(mrzDocumentType(readMrz([...ICAO.TD3])!)).toBe('PASSAPORTE');
    expect(mrzDocumentType(readMrz([...ICAO.TD1])!)).toBe('DOCUMENTO_ESTRANGEIRO');
    expect(mrzDocumentType(readMrz([...ICAO.TD2])!)).toBe('DOCUMENTO_ESTRANGEIRO');
    expect(mrzDocumentType(readMrz([...ICAO.MRVA])!)).toBe('DOCUMENTO_ESTRANGEIRO');
    const l1 = `IDBRA123456789${checkDigit('123456789')}`.padEnd(30, '<');
    const l2 = `900101${checkDigit('900101')}M300101${checkDigit('300101')}BRA`.padEnd(29, '<');
    const bra = [l1, l2 + checkDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), 'SILVA<<MARIA'.padEnd(30, '<')];
    expect(mrzDocumentType(readMrz(bra)!)).toBe('CIN_VERSO');
    // The header lies outside every check digit: "IDBRA" read as "UDBRA" is still a Brazilian holder's card.
    expect(mrzDocumentType(readMrz([l1.replace('IDBRA', 'UDBRA'), ...bra.slice(1)])!)).toBe('CIN_VERSO');
    // A foreign card with a Brazilian holder names its own state in the header: still foreign.
    const foreign = [l1.replace('IDBRA', 'IDUTO'), ...bra.slice(1)];
    expect(mrzDocumentType(readMrz(foreign)!)).toBe('DOCUMENTO_ESTRANGEIRO');
    expect(mrzDocumentType(readMrz([ICAO.TD3[0], ICAO.TD3[1].replace('7408122', '7403722')])!)).toBeUndefined();
  });
});

describe('a zone that does not validate', () => {
  // The session-43 passport: a birth date's 0 read as 8 (a digit for a digit is never repaired), the rest right.
  const misread = ['P<BRACARVALHO<<CARLOS<MONTEIRO<<<<<<<<<<<<<<', 'DX216160<0BRA6185077M3304190<<<<<<<<<<<<<<06'];

  it('names the checks that still fail', () => {
    const r = readMrz(misread)!;
    expect(r.valid).toBe(false);
    expect(r.failing).toEqual(['birthDate', 'composite']);
  });

  it('gives no date for a month or day that does not exist', () => {
    expect(mrzDate('185077', 'birth')).toBeUndefined();
    expect(mrzDate('610231', 'birth')).toBeUndefined();
    expect(mrzDate('610507', 'birth')).toBe('1961-05-07');
  });

  it('fills the printed side only with fields whose own check digit passes', () => {
    const fields = Object.fromEntries(extractFields('PASSAPORTE', [], readMrz(misread)).map((f) => [f.key, f.value]));
    expect(fields.validade).toBe('2033-04-19');
    expect(fields.numeroPassaporte).toBe('DX216160');
    // The failing birth date, and sex and nationality (no check digit of their own), are left to the printed side.
    expect(fields.dataNascimento).toBeUndefined();
    expect(fields.sexo).toBeUndefined();
    expect(fields.nacionalidade).toBeUndefined();
  });

  it("leaves out a Brazilian passport's number its zone gives in no Brazilian passport's form (a check digit passed by chance)", () => {
    const line2 = (n: string) => {
      const tail = `${n}${checkDigit(n)}BRA6105077M3304190<<<<<<<<<<<<<<0`;
      const composite = checkDigit(tail.slice(0, 10) + tail.slice(13, 20) + tail.slice(21, 43));
      return tail + composite;
    };
    const fieldsOf = (n: string) => Object.fromEntries(extractFields('PASSAPORTE', [], readMrz(['P<BRACARVALHO<<CARLOS<MONTEIRO<<<<<<<<<<<<<<', line2(n)])).map((f) => [f.key, f.value]));
    expect(fieldsOf('I139632<<').numeroPassaporte).toBeUndefined();
    expect(fieldsOf('FL139632<').numeroPassaporte).toBe('FL139632');
  });
});

describe("a zone's name separator read as a letter and a filler", () => {
  const zone = ['P<BRAMARQUESE<ISIS<<<<<<<<<<<<<<<<<<<<<<<<<<', 'CP592824<7BRA9401024M2604239<<<<<<<<<<<<<<06'];
  const printedLine = (text: string): OcrLine => ({ text, conf: 90, bbox: [0, 0, 100, 20], words: [{ text, conf: 90, bbox: [0, 0, 100, 20] }] });
  it('ends the surname where the page prints the word less its last letter', () => {
    const mrz = readMrz(zone)!;
    expect(mrz.valid).toBe(true);
    const fields = extractFields('PASSAPORTE', [printedLine('MARQUES')], mrz);
    const nested = Object.fromEntries(fields.find((f) => f.key === 'mrz')!.fields!.map((f) => [f.key, f.value]));
    expect([nested.sobrenome, nested.nomes]).toEqual(['MARQUES', 'ISIS']);
    expect(fields.find((f) => f.key === 'nome')?.value).toBe('ISIS MARQUES');
  });
  it("takes the page's spelling of a zone word the lexicon does not know, one letter from a known word printed", () => {
    // (Rough variety passport 3006: `P<BRASTILVA<<THIAGO...`, a T read into the surname; the page prints SILVA.)
    const stilva = readMrz(td3({ documentNumber: 'DF169796', surname: 'STILVA', given: 'THIAGO ISIS', birth: '1984-09-23', sex: 'M', expiry: '2027-05-06' }))!;
    expect(stilva.valid).toBe(true);
    const nameWith = (...printed: string[]) => extractFields('PASSAPORTE', printed.map(printedLine), stilva).find((f) => f.key === 'nome')?.value;
    expect(nameWith('SILVA')).toBe('THIAGO ISIS SILVA');
    // Nothing known printed one letter away: the zone's word stays.
    expect(nameWith('SOUZA')).toBe('THIAGO ISIS STILVA');
    expect(nameWith('STILVAS')).toBe('THIAGO ISIS STILVA');
  });
  it('leaves the name as the zone reads it when the page does not print the shorter word', () => {
    const fields = extractFields('PASSAPORTE', [printedLine('MARQUESE')], readMrz(zone)!);
    expect(fields.find((f) => f.key === 'nome')?.value).toBe('MARQUESE ISIS');
  });
});

describe('a zone the check digits cannot settle', () => {
  it('is not valid when lines read too long allow repairs that pass by chance and read differently', () => {
    // A TD1 whose optional data was read two characters long and its composite `9` as `I`: dropping two characters three
    // ways passed the composite, each with other optional data (3.15, 3.25, 3.25).
    const r = readMrz(['C<PRTH279UB166744298B2A<<<<<<<<<', '8202110M3902161PRT<<<<<<<<<<<I', 'ERIKSSON<<MIN<JUN<<<<<<<<<<<<<'])!;
    expect(r.valid).toBe(false);
    expect(r.failing).toContain('composite');
  });

  it('never returns a wrong number as valid from a shifted reading (contested instead)', () => {
    // A visa's number read with a doubled digit and a lost filler: shifted back two ways that both pass its check.
    const r = readMrz(['V<GBRDUBOIS<<JOSE<ANTONIO<<<<<<<<<<<<<<<<<<<', '36J6275524GBR1009114F3011021<<<<<<<<<<<<<<<<'])!;
    if (!r.valid) expect(r.failing).toContain('documentNumber');
    else expect(r.lines[1]!.slice(0, 10)).toBe('36J62752<4');
  });

  it('vouches for nothing when every version that passes costs more than a repair may', () => {
    // An `I` read into the number and a `U` that must be read as `V`, three fillers too many: a version passes at 8.25.
    const r = readMrz(['C<PRTH279UB1I66744298BA<K<<<<<<<<', '8202110M3902161PRT<<<<<<<<<<<9', 'ERIKSSON<<MIN<JUN<<<<<<<<<<<<<'])!;
    expect(r.valid).toBe(false);
    expect(r.failing).toEqual(expect.arrayContaining(['documentNumber', 'birthDate', 'expirationDate', 'composite']));
  });

  it('still takes a repair of a doubled letter that beats the next by reading no checked field differently', () => {
    const doubled = ICAO.MRVA[1].replace('XXX400', 'XXX4400').slice(0, 44);
    expect(readMrz([ICAO.MRVA[0], doubled])!.valid).toBe(true);
  });

  it('hands a document number whose two letters were read as digits to the glyphs, never valid on its check digit alone', () => {
    // ICAO's example with the number IQ6312163 (check 4) read as 106312163: one swap passes no check, two do, several ways.
    const l2 = `IQ63121634UTO7408122F1204159ZE184226B<<<<<${checkDigit('ZE184226B<<<<<')}`;
    const printed = [ICAO.TD3[0], l2 + checkDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43))];
    const r = readMrz([printed[0]!, `10${printed[1]!.slice(2)}`])!;
    expect(r.valid).toBe(false);
    expect(r.failing).toContain('documentNumber');
    expect(r.rivals?.map((z) => z.join('\n'))).toContain(printed.join('\n'));
    expect(r.rivals!.length).toBeGreaterThan(1);
  });
});

describe('0s and Os in a document number that the check digits cannot see', () => {
  /** ICAO's TD1 example with another document number, its check digits worked out. */
  const td1 = (number: string) => {
    const l1 = `I<UTO${number}${checkDigit(number)}${'<'.repeat(15)}`;
    const l2 = '7408122F1204159UTO<<<<<<<<<<<';
    return [l1, l2 + checkDigit(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29)), ICAO.TD1[2]];
  };

  it('reads a pair of 0s taken for Os among digits as 0s (weights 3 and 7 cancel in every check)', () => {
    const printed = td1('X00017405');
    const read = [printed[0]!.replace('X00017405', 'XO0O17405'), printed[1]!, printed[2]!];
    expect(failingChecks('TD1', read)).toEqual([]);
    const r = readMrz(read)!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(true);
    expect(r.fields.documentNumber).toBe('X00017405');
    expect(r.lines).toEqual(printed);
  });

  it("mends a zone a glyph's verdict broke by the 0 read O that had cancelled it (Q→A and 0→O weigh 16 × 3 against 24 × 7)", () => {
    const printed = td1('XQ5061650');
    const read = [printed[0]!.replace('XQ5061650', 'XA5O61650'), printed[1]!, printed[2]!];
    expect(failingChecks('TD1', read)).toEqual([]);
    // The glyph says Q: the zone no longer passes, until the O is read as the 0 it is.
    const judged = [read[0]!.replace('XA5O', 'XQ5O'), read[1]!, read[2]!];
    expect(failingChecks('TD1', judged)).not.toEqual([]);
    expect(zerosMended('TD1', judged)).toEqual(printed);
    expect(zerosMended('TD1', printed)).toBeUndefined();
    expect(zerosMended('TD1', [judged[0]!.replace('XQ5O61650', 'XQ5761657'), judged[1]!, judged[2]!])).toBeUndefined();
  });

  it('leaves Os in a letter prefix as read', () => {
    const printed = td1('OOX123456');
    const r = readMrz(printed)!;
    expect(r.valid).toBe(true);
    expect(r.repaired).toBe(false);
    expect(r.fields.documentNumber).toBe('OOX123456');
  });
});

describe('the same lines repaired again', () => {
  it('give the same repair, whatever a caller did to an earlier answer', () => {
    const read = [ICAO.TD1[0], '74O8122F1204159UTO<<<<<<<<<<<6', ICAO.TD1[2]];
    const first = repairGroup('TD1', read)!;
    expect(first.lines).toEqual([...ICAO.TD1]);
    first.lines[0] = 'changed';
    expect(repairGroup('TD1', read)!.lines).toEqual([...ICAO.TD1]);
  });
});

describe('zones mixed from several readings', () => {
  const other = td3({ documentNumber: 'AB1234567', surname: 'ERIKSSON', given: 'ANNA MARIA', birth: '1974-08-12', sex: 'F', expiry: '2031-07-09' })[1]!;

  it('are valid only when the readings that validate agree, or most of them do', () => {
    // Each reading validates alone, with another number and expiry: a guess between them is no valid zone.
    const split = readMrzFromReadings([[...ICAO.TD3], [ICAO.TD3[0], other]])!;
    expect(split.valid).toBe(false);
    expect(split.failing).toEqual(expect.arrayContaining(['documentNumber', 'expirationDate', 'composite']));
    expect(split.failing).not.toContain('birthDate');
    const most = readMrzFromReadings([[...ICAO.TD3], [ICAO.TD3[0], other], [...ICAO.TD3]])!;
    expect(most.valid).toBe(true);
    expect(most.lines).toEqual([...ICAO.TD3]);
  });

  it("are judged only while the call's time lasts; each reading whole always is", () => {
    // The first line is right in one reading, the second in the other: only their mix is the valid zone.
    const a = [ICAO.TD1[0], '7406172F1209159UTO<<<<<<<<<<<6', ICAO.TD1[2]];
    const b = ['I<UTOD964458903<<<<<<<<<<<<<<<', ICAO.TD1[1], ICAO.TD1[2]];
    const mixed = readMrzFromReadings([a, b], () => true)!;
    expect(mixed.valid).toBe(true);
    expect(mixed.lines).toEqual([...ICAO.TD1]);
    expect(readMrzFromReadings([a, b], () => false)!.valid).toBe(false);
    const whole = readMrzFromReadings([a, [...ICAO.TD1]], () => false)!;
    expect(whole.valid).toBe(true);
    expect(whole.lines).toEqual([...ICAO.TD1]);
  });
});

describe('a line brought to its width and then mended past a few swaps', () => {
  it('is not valid on the check digits alone (one version of many passes by chance): the glyphs must vouch for it', () => {
    // Generated photo TD2#0: two digits of the expiry dropped, an I read twice; the one version that passed read 101120.
    const r = readMrz(['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122FI1I2041<<<<<<6'])!;
    expect(r.valid).toBe(false);
    expect(r.rivals?.[0]?.[1]).toBe('D231458907UTO7408122F1011201<<<<<<<6');
    // A filler dropped from a run and a look-alike: cheap, and valid as before.
    expect(readMrz(['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F12O4159<<<<<<6'])!.valid).toBe(true);
  });
});

describe('optional data that is only padding', () => {
  it('takes a lone chevron look-alike before a run of fillers for a filler', () => {
    const r = readMrz(['ARCHN637A23F6<0328033<<<<<<<<<', '8912237M3708237CHNK<<<<<<<<<<1', 'VAN<DER<BERG<<THIAGO<<<<<<<<<<'])!;
    expect(r.valid).toBe(true);
    expect(r.lines[1]).toBe('8912237M3708237CHN<<<<<<<<<<<1');
    expect(r.fields.nationality).toBe('CHN');
  });

  it('takes padding read as six or more chevron look-alikes after a filler for fillers, though the checks pass either way', () => {
    // Generated photo TD1#5: K and A weigh 0 in every check, like the fillers they were read for.
    const truth = ['IDD<<WG144B52<5<<<<<<<<<<<<<<<', '8406055F3406072D<<<<<<<<<<<<<6', 'FERREIRA<<EMMA<LOUISE<<<<<<<<<'];
    const r = readMrz(['IDD<<WG144B52<5<<KKKKKKKAAAAAK', truth[1]!, truth[2]!])!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(truth);
    // Optional data with another letter among them is data.
    const data = ['I<UTOD231458907<KALLAKKB<<<<<<', '7408122F1204159UTO<<<<<<<<<<<7', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(readMrz(data)!.valid).toBe(true);
    expect(readMrz(data)!.lines).toEqual(data);
  });
});

describe('the band read without what lies beside it', () => {
  it('paints everything outside the band box paper white (a card edge beside the zone was read as a letter)', () => {
    const g = { data: new Uint8Array(6 * 4).fill(0), width: 6, height: 4 };
    const out = paperOutside(g, [1, 1, 3, 2]);
    const row = (y: number) => [...out.data.subarray(y * 6, y * 6 + 6)];
    expect(row(0)).toEqual([255, 255, 255, 255, 255, 255]);
    expect(row(1)).toEqual([255, 0, 0, 0, 255, 255]);
    expect(row(2)).toEqual([255, 0, 0, 0, 255, 255]);
    expect(paperOutside(g, [-2, -2, 20, 20]).data.every((v) => v === 0)).toBe(true);
  });
});
