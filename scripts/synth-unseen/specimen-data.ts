/**
 * Who and what the specimen documents carry: issuing states (ICAO three-letter
 * codes, `D` for Germany), their printed names and label languages, holders'
 * names from several languages (diacritics, hyphens, apostrophes, particles,
 * long names), document numbers with look-alike letters and digits, plausible
 * dates and optional data. All invented; the zone is built by icao-zones.ts.
 */
import { buildZone, ZONE_SHAPE, zoneName, type ZoneFormat, type ZoneInput } from './icao-zones';
import type { Stream } from './random';

export type Lang = 'en' | 'fr' | 'de' | 'nl' | 'es' | 'it' | 'pt' | 'sv' | 'no' | 'pl' | 'fi';
export type LabelKey =
  | 'type' | 'code' | 'number' | 'surname' | 'given' | 'nationality' | 'birth' | 'sex' | 'birthplace' | 'issue' | 'expiry' | 'authority'
  | 'signature' | 'personal' | 'address' | 'height' | 'eyes' | 'validFrom' | 'validUntil' | 'entries' | 'duration' | 'visaType' | 'issuedAt'
  | 'remarks' | 'passportNo' | 'validFor' | 'cardNo';
const LABEL_KEYS: LabelKey[] = ['type', 'code', 'number', 'surname', 'given', 'nationality', 'birth', 'sex', 'birthplace', 'issue', 'expiry', 'authority', 'signature', 'personal', 'address', 'height', 'eyes', 'validFrom', 'validUntil', 'entries', 'duration', 'visaType', 'issuedAt', 'remarks', 'passportNo', 'validFor', 'cardNo'];

/** Labels in the order of LABEL_KEYS, `|`-separated. */
const LABEL_ROWS: Record<Lang, string> = {
  en: "Type|Code|Passport No.|Surname|Given names|Nationality|Date of birth|Sex|Place of birth|Date of issue|Date of expiry|Authority|Holder's signature|Personal No.|Address|Height|Colour of eyes|From|Until|Number of entries|Duration of stay|Type of visa|Issued in|Remarks|Passport number|Valid for|Card No.",
  fr: "Type|Code du pays|N° du passeport|Nom|Prénoms|Nationalité|Date de naissance|Sexe|Lieu de naissance|Date de délivrance|Date d'expiration|Autorité|Signature du titulaire|N° personnel|Adresse|Taille|Couleur des yeux|Du|Au|Nombre d'entrées|Durée du séjour|Type de visa|Délivré à|Remarques|Numéro du passeport|Valable pour|N° de la carte",
  de: 'Typ|Kode|Pass-Nr.|Name|Vornamen|Staatsangehörigkeit|Geburtstag|Geschlecht|Geburtsort|Ausstellungsdatum|Gültig bis|Behörde|Unterschrift|Persönliche Nr.|Anschrift|Größe|Augenfarbe|Vom|Bis|Anzahl der Einreisen|Dauer des Aufenthalts|Art des Visums|Ausgestellt in|Anmerkungen|Nummer des Reisepasses|Gültig für|Ausweis-Nr.',
  nl: 'Soort|Code|Paspoortnr.|Naam|Voornamen|Nationaliteit|Geboortedatum|Geslacht|Geboorteplaats|Datum verstrekking|Geldig tot|Instantie|Handtekening houder|Persoonsnummer|Adres|Lengte|Kleur ogen|Van|Tot|Aantal binnenkomsten|Duur van verblijf|Soort visum|Afgegeven te|Opmerkingen|Paspoortnummer|Geldig voor|Documentnr.',
  es: 'Tipo|Código|N° de pasaporte|Apellidos|Nombre|Nacionalidad|Fecha de nacimiento|Sexo|Lugar de nacimiento|Fecha de expedición|Fecha de caducidad|Autoridad|Firma del titular|N° personal|Domicilio|Estatura|Color de ojos|Desde|Hasta|Número de entradas|Duración de la estancia|Tipo de visado|Expedido en|Observaciones|Número de pasaporte|Válido para|N° de soporte',
  it: 'Tipo|Codice|Passaporto N.|Cognome|Nome|Cittadinanza|Data di nascita|Sesso|Luogo di nascita|Data di rilascio|Data di scadenza|Autorità|Firma del titolare|N. personale|Indirizzo|Statura|Colore degli occhi|Dal|Al|Numero di ingressi|Durata del soggiorno|Tipo di visto|Rilasciato a|Annotazioni|Numero del passaporto|Valido per|N. carta',
  pt: 'Tipo|Código|Passaporte N.º|Apelido|Nome próprio|Nacionalidade|Data de nascimento|Sexo|Local de nascimento|Data de emissão|Válido até|Autoridade|Assinatura do titular|N.º pessoal|Morada|Altura|Cor dos olhos|De|Até|Número de entradas|Duração da estada|Tipo de visto|Emitido em|Observações|Número do passaporte|Válido para|N.º do cartão',
  sv: 'Typ|Kod|Passnummer|Efternamn|Förnamn|Nationalitet|Födelsedatum|Kön|Födelseort|Utfärdandedatum|Sista giltighetsdag|Myndighet|Innehavarens namnteckning|Personnummer|Adress|Längd|Ögonfärg|Från|Till|Antal inresor|Vistelsens längd|Typ av visering|Utfärdad i|Anmärkningar|Passnummer|Giltig för|Kortnummer',
  no: 'Type|Kode|Passnummer|Etternavn|Fornavn|Nasjonalitet|Fødselsdato|Kjønn|Fødested|Utstedt|Utløpsdato|Myndighet|Innehavers underskrift|Personnummer|Adresse|Høyde|Øyenfarge|Fra|Til|Antall innreiser|Oppholdets varighet|Type visum|Utstedt i|Merknader|Passnummer|Gyldig for|Kortnummer',
  pl: 'Typ|Kod|Nr paszportu|Nazwisko|Imiona|Obywatelstwo|Data urodzenia|Płeć|Miejsce urodzenia|Data wydania|Data ważności|Organ wydający|Podpis posiadacza|Nr PESEL|Adres|Wzrost|Kolor oczu|Od|Do|Liczba wjazdów|Długość pobytu|Rodzaj wizy|Wydana w|Uwagi|Numer paszportu|Ważna na|Nr dokumentu',
  fi: 'Tyyppi|Koodi|Passin numero|Sukunimi|Etunimet|Kansalaisuus|Syntymäaika|Sukupuoli|Syntymäpaikka|Myöntämispäivä|Voimassa|Viranomainen|Haltijan allekirjoitus|Henkilötunnus|Osoite|Pituus|Silmien väri|Alkaen|Asti|Maahantulokertoja|Oleskelun kesto|Viisumin laji|Myönnetty|Huomautuksia|Passin numero|Voimassa|Kortin numero',
};
export const LABELS: Record<Lang, Record<LabelKey, string>> = Object.fromEntries(
  Object.entries(LABEL_ROWS).map(([lang, row]) => [lang, Object.fromEntries(row.split('|').map((t, i) => [LABEL_KEYS[i]!, t]))]),
) as Record<Lang, Record<LabelKey, string>>;

export type Kind = 'passport' | 'idcard' | 'residence' | 'visa' | 'crew';
const TITLE_ROWS: Record<Lang, string> = {
  en: 'PASSPORT|IDENTITY CARD|RESIDENCE PERMIT|VISA|CREW MEMBER CERTIFICATE',
  fr: "PASSEPORT|CARTE D'IDENTITÉ|TITRE DE SÉJOUR|VISA|CERTIFICAT DE MEMBRE D'ÉQUIPAGE",
  de: 'REISEPASS|PERSONALAUSWEIS|AUFENTHALTSTITEL|VISUM|BESATZUNGSAUSWEIS',
  nl: 'PASPOORT|IDENTITEITSKAART|VERBLIJFSVERGUNNING|VISUM|BEMANNINGSLIDBEWIJS',
  es: 'PASAPORTE|DOCUMENTO NACIONAL DE IDENTIDAD|PERMISO DE RESIDENCIA|VISADO|CERTIFICADO DE TRIPULANTE',
  it: "PASSAPORTO|CARTA D'IDENTITÀ|PERMESSO DI SOGGIORNO|VISTO|CERTIFICATO DI MEMBRO D'EQUIPAGGIO",
  pt: 'PASSAPORTE|CARTÃO DE CIDADÃO|AUTORIZAÇÃO DE RESIDÊNCIA|VISTO|CERTIFICADO DE TRIPULANTE',
  sv: 'PASS|NATIONELLT IDENTITETSKORT|UPPEHÅLLSTILLSTÅND|VISERING|BESÄTTNINGSINTYG',
  no: 'PASS|NASJONALT ID-KORT|OPPHOLDSTILLATELSE|VISUM|BESETNINGSBEVIS',
  pl: 'PASZPORT|DOWÓD OSOBISTY|KARTA POBYTU|WIZA|ŚWIADECTWO CZŁONKA ZAŁOGI',
  fi: 'PASSI|HENKILÖKORTTI|OLESKELULUPA|VIISUMI|MIEHISTÖTODISTUS',
};
const KINDS: Kind[] = ['passport', 'idcard', 'residence', 'visa', 'crew'];
export const TITLES: Record<Lang, Record<Kind, string>> = Object.fromEntries(
  Object.entries(TITLE_ROWS).map(([lang, row]) => [lang, Object.fromEntries(row.split('|').map((t, i) => [KINDS[i]!, t]))]),
) as Record<Lang, Record<Kind, string>>;

export const MONTHS: Record<Lang, string[]> = {
  en: 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' '),
  fr: 'JANV FÉVR MARS AVR MAI JUIN JUIL AOÛT SEPT OCT NOV DÉC'.split(' '),
  de: 'JAN FEB MÄR APR MAI JUN JUL AUG SEP OKT NOV DEZ'.split(' '),
  nl: 'JAN FEB MRT APR MEI JUN JUL AUG SEP OKT NOV DEC'.split(' '),
  es: 'ENE FEB MAR ABR MAY JUN JUL AGO SEP OCT NOV DIC'.split(' '),
  it: 'GEN FEB MAR APR MAG GIU LUG AGO SET OTT NOV DIC'.split(' '),
  pt: 'JAN FEV MAR ABR MAI JUN JUL AGO SET OUT NOV DEZ'.split(' '),
  sv: 'JAN FEB MAR APR MAJ JUN JUL AUG SEP OKT NOV DEC'.split(' '),
  no: 'JAN FEB MAR APR MAI JUN JUL AUG SEP OKT NOV DES'.split(' '),
  pl: 'STY LUT MAR KWI MAJ CZE LIP SIE WRZ PAŹ LIS GRU'.split(' '),
  fi: 'TAMMI HELMI MAALIS HUHTI TOUKO KESÄ HEINÄ ELO SYYS LOKA MARRAS JOULU'.split(' '),
};

type People = 'sv' | 'de' | 'fr' | 'nl' | 'es' | 'it' | 'pt' | 'pl' | 'no' | 'fi' | 'en' | 'ja' | 'ko';
/** Surnames | female given names | male given names, as printed (with their marks). */
const NAME_ROWS: Record<People, [string, string, string]> = {
  sv: ['ERIKSSON|LINDQVIST|ÅSTRÖM|SJÖBERG|BERGGREN|NYSTRÖM|HÄGGLUND|SPECIMEN|ÖSTERGÅRD|AF KLINTBERG|SVENSSON', 'ANNA|MARIA|KARIN|INGRID|ÅSA|SOFIA|LINNÉA|BRITT-MARIE', 'BJÖRN|LARS-ERIK|SVEN|MÅNS|GÖRAN|NILS|OLOF|PER'],
  de: ['MUSTERMANN|GABLER|MÜLLER-LÜDENSCHEIDT|SCHRÖDER|VON DER HEYDE|WEIẞ|KÖHLER|FRIEDRICHSEN|ÖZTÜRK|SCHMIDT-SCHÜTZENBERGER|VON UND ZU HOHENSTEIN', 'ERIKA|HANNELORE|ANNA-LENA|JÜLIDE|GRETA|ROSEMARIE|KÄTHE', 'JÜRGEN|KLAUS-PETER|UWE|GÖTZ|MAXIMILIAN|FRANZ XAVER|JÖRG'],
  fr: ["MARTIN|DUPONT|LEFÈVRE|D'ALEMBERT|BÉRANGER|SAINT-EXUPÉRY|DE LA FONTAINE|MOREAU|N'DIAYE|LE GUÉVEL", 'MARIE-HÉLÈNE|FRANÇOISE|ÉLODIE|GAËLLE|CÉCILE|ANAÏS|JOSÉPHINE', 'JEAN-PIERRE|FRANÇOIS|GAËL|THÉO|JÉRÔME|LOÏC|BENOÎT'],
  nl: ["DE BRUIJN|VAN DER MEULEN|JANSSEN|'T HOOFT|VAN DEN BERGH|DE VRIES|BAKKER|VAN 'T ZAND|MEIJER", 'WILLEKE|LISELOTTE|SANNE|MAARTJE|INEKE|FLEUR|ANOUK', 'JOHANNES|PIETER-JAN|DIRK|SJOERD|WOUTER|BRAM|JOOST'],
  es: ['GARCÍA|MÁRQUEZ|ESPAÑOLA|FERNÁNDEZ DE CÓRDOBA|NÚÑEZ|DEL CASTILLO|RODRÍGUEZ|IBÁÑEZ|PEÑA|MUÑOZ|ECHEVERRÍA|GONZÁLEZ|CONTRERAS|ROJAS', 'CARMEN|MARÍA JOSÉ|MARÍA DE LOS ÁNGELES|ROCÍO|INÉS|VALENTINA|AINHOA|BEGOÑA', 'JOSÉ MARÍA|IÑAKI|ÁLVARO|JESÚS|MATÍAS|ÓSCAR|JUAN CARLOS|SEBASTIÁN'],
  it: ["ROSSI|DE LUCA|D'ANGELO|ESPOSITO|DELL'ACQUA|BIANCHI|LO PRESTI|DI GIOVANNI|COLOMBO", 'MARIA GRAZIA|GIULIA|FRANCESCA|CHIARA|ANNALISA|BEATRICE', 'GIANLUCA|PIERLUIGI|NICCOLÒ|ANDREA|SALVATORE|GIOVANNI BATTISTA'],
  pt: ['DOS SANTOS|FERREIRA|CONCEIÇÃO|PINTO DA COSTA|MAGALHÃES|ASSUNÇÃO|GUIMARÃES|SIMÕES|DE SOUSA', 'MARIA DO CÉU|INÊS|JOANA|CONCEIÇÃO|BEATRIZ|LEONOR', 'JOÃO PEDRO|TOMÁS|DUARTE|GONÇALO|ANTÓNIO|SEBASTIÃO'],
  pl: ['KOWALSKA|WIŚNIEWSKI|GRZEGORZEWSKA-ŁUKASIEWICZ|SZCZEPAŃSKI|ŻÓŁKIEWSKA|WÓJCIK|BRZĘCZYSZCZYKIEWICZ|DĄBROWSKI', 'AGNIESZKA|MAŁGORZATA|KATARZYNA|JADWIGA|ŻANETA', 'ŁUKASZ|KRZYSZTOF|GRZEGORZ|PAWEŁ|ZBIGNIEW'],
  no: ['ØSTBY|BRÆKHUS|HÅLAND|NORDMANN|SÆTHER|LØVLAND|STRØMMEN|AASEN', 'KARI|SØLVI|INGEBJØRG|ÅSE|SIGRID', 'OLA|BJØRNAR|HÅKON|TORMOD|ØYVIND'],
  fi: ['VIRTANEN|MÄKINEN|KORHONEN|HÄMÄLÄINEN|MEIKÄLÄINEN|JÄRVINEN|KÄRKKÄINEN', 'AINO|MAIJA|SATU|HELMI|PÄIVI', 'MATTI|JUHA|VÄINÖ|ANTERO|TEEMU'],
  en: ["SMITH|O'NEILL|HAPPY|MACDONALD|FITZGERALD-HUGHES|SPECIMEN|WATSON|ST. JOHN|TRAVELLER|DOE", 'MARY|ELIZABETH ANNE|ANGELA|ZOE|JANE|SARAH-LOUISE', 'JOHN ANDREW|OLIVER|JAMES|CHRISTOPHER|DAVID|PATRICK'],
  ja: ['SATO|TAKAHASHI|YAMAMOTO|NAKAMURA|KOBAYASHI|WATANABE|KOIZUMI', 'HANAKO|YUKI|SAKURA|AIKO|MICHIKO', 'TARO|HIROSHI|KENJI|TAKESHI|SHOTARO'],
  ko: ['KIM|LEE|PARK|HONG|CHOI|JEONG', 'MINJI|JIYEON|SEOYEON|HYEJIN', 'GILDONG|MINSU|JUNHO|SEUNGWOO'],
};
const NAMES = Object.fromEntries(Object.entries(NAME_ROWS).map(([k, rows]) => [k, rows.map((r) => r.split('|'))])) as Record<People, [string[], string[], string[]]>;

export interface State {
  /** ICAO code as written in the zone (`D<<` for Germany). */
  code: string;
  /** The state's name as printed in headings (one or more languages). */
  names: string[];
  /** Label languages: the first is the state's own, English is added when absent. */
  langs: Lang[];
  people: People[];
  /** Nationality as printed in the visual zone. */
  demonym: string;
  /** Document number patterns: L letter, D digit, X either, G German alphabet (no vowels), literal otherwise. */
  numbers: string[];
  towns: string[];
  authority: string[];
}

const row = (code: string, names: string, langs: string, people: string, demonym: string, numbers: string, towns: string, authority: string): State => ({
  code,
  names: names.split('|'),
  langs: langs.split(' ') as Lang[],
  people: people.split(' ') as People[],
  demonym,
  numbers: numbers.split(' '),
  towns: towns.split('|'),
  authority: authority.split('|'),
});

export const STATES: State[] = [
  row('UTO', 'UTOPIA', 'en fr', 'sv en de', 'UTOPIAN', 'LDDDDDDLD LDDDDDDDD DLLDDDDDD XXXXXXXXX', 'ZENITH|UTOPIA CITY|ARCADIA|NEW ATLANTIS', 'MINISTRY OF FOREIGN AFFAIRS|PASSPORT OFFICE|ZENITH'),
  row('D<<', "BUNDESREPUBLIK DEUTSCHLAND|FEDERAL REPUBLIC OF GERMANY|RÉPUBLIQUE FÉDÉRALE D'ALLEMAGNE", 'de en fr', 'de', 'DEUTSCH', 'GGGGGGGGG GGGGGGGGG LGGGGGGGG', 'BERLIN|KÖLN|MÜNCHEN|HAMBURG|BAD SÄCKINGEN|GÖTTINGEN', 'STADT KÖLN|LANDRATSAMT MUSTERSTADT|BEZIRKSAMT MITTE|STADT MÜNCHEN'),
  row('FRA', 'RÉPUBLIQUE FRANÇAISE', 'fr en', 'fr', 'FRANÇAISE', 'DDLLDDDDD XXXXXXXXX LDLDLDDDD', 'PARIS|LYON|MARSEILLE|BÉZIERS|SAINT-ÉTIENNE|ORLÉANS', 'PRÉFECTURE DE POLICE|PRÉFECTURE DU RHÔNE|SOUS-PRÉFECTURE'),
  row('NLD', 'KONINKRIJK DER NEDERLANDEN|KINGDOM OF THE NETHERLANDS|ROYAUME DES PAYS-BAS', 'nl en fr', 'nl', 'NEDERLANDSE', 'LLXXXXXXD SPECIDDDD LLDDDDDDD', "AMSTERDAM|'S-GRAVENHAGE|ROTTERDAM|UTRECHT|DEN HELDER", "BURG. VAN 'S-GRAVENHAGE|BURG. VAN AMSTERDAM|MIN. VAN BUITENLANDSE ZAKEN"),
  row('BEL', 'BELGIQUE|BELGIË|BELGIEN|BELGIUM', 'fr nl de en', 'fr nl', 'BELGE', 'LLDDDDDDD DDDDDDDDD', 'BRUXELLES|ANTWERPEN|LIÈGE|GENT|NAMUR', 'BRUXELLES|GEMEENTE ANTWERPEN|SPF AFFAIRES ÉTRANGÈRES'),
  row('CHE', 'SCHWEIZERISCHE EIDGENOSSENSCHAFT|CONFÉDÉRATION SUISSE|CONFEDERAZIONE SVIZZERA', 'de fr it en', 'de fr it', 'SCHWEIZ', 'LDDDDDDD LLDDDDDDD', 'BERN|ZÜRICH|GENÈVE|LUGANO|NEUCHÂTEL', 'BERN|ZÜRICH|GENÈVE|CANTON DE VAUD'),
  row('AUT', 'REPUBLIK ÖSTERREICH|REPUBLIC OF AUSTRIA', 'de en fr', 'de', 'ÖSTERREICH', 'LDDDDDDD LLDDDDDDD', 'WIEN|GRAZ|LINZ|SALZBURG|INNSBRUCK', 'BH WIEN UMGEBUNG|MAGISTRAT GRAZ|LPD WIEN'),
  row('CAN', 'CANADA', 'en fr', 'en fr', 'CANADIAN/CANADIENNE', 'LLDDDDDD LDDDDDDD', 'OTTAWA|MONTRÉAL|TORONTO|QUÉBEC|VANCOUVER|TROIS-RIVIÈRES', 'GATINEAU|MISSISSAUGA|PASSPORT CANADA'),
  row('GBR', 'UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND', 'en fr', 'en', 'BRITISH CITIZEN', 'DDDDDDDDD LLDDDDDDD', 'LONDON|CROYDON|ABERDEEN|CARDIFF|BELFAST', 'HMPO|UKVI|HOME OFFICE'),
  row('IRL', 'ÉIRE|IRELAND|IRLANDE', 'en fr', 'en', 'ÉIREANNACH/IRISH', 'LLDDDDDDD', 'DUBLIN|CORK|GALWAY|LIMERICK', 'DFA|PASSPORT SERVICE'),
  row('USA', 'UNITED STATES OF AMERICA', 'en fr es', 'en es', 'UNITED STATES OF AMERICA', 'DDDDDDDDD LDDDDDDDD', 'NEW YORK, U.S.A.|CALIFORNIA, U.S.A.|TEXAS, U.S.A.|OHIO, U.S.A.', 'UNITED STATES|DEPARTMENT OF STATE'),
  row('ESP', 'REINO DE ESPAÑA|ESPAÑA', 'es en fr', 'es', 'ESPAÑOLA', 'LLLDDDDDD LLLDDDDDD DDDDDDDDL', 'MADRID|SEVILLA|A CORUÑA|LOGROÑO|CÓRDOBA|CÁDIZ', 'DGP|POLICÍA NACIONAL|MADRID'),
  row('ITA', 'REPUBBLICA ITALIANA', 'it en fr', 'it', 'ITALIANA', 'LLDDDDDDD LLDDDDDLL', 'ROMA|MILANO|NAPOLI|TORINO|FORLÌ|CANICATTÌ', 'MINISTERO AFFARI ESTERI|QUESTURA DI ROMA|COMUNE DI MILANO'),
  row('PRT', 'REPÚBLICA PORTUGUESA|PORTUGAL', 'pt en fr', 'pt', 'PORTUGUESA', 'LDDDDDD LLDDDDDD DDDDDDDD', 'LISBOA|PORTO|ÉVORA|SETÚBAL|GUIMARÃES|FUNCHAL', 'SEF|GOVERNO CIVIL DE LISBOA|IRN'),
  row('ARG', 'REPÚBLICA ARGENTINA|MERCOSUR', 'es en', 'es it', 'ARGENTINA', 'DDDDDDDDL LLLDDDDDD DDDDDDDD', 'BUENOS AIRES|CÓRDOBA|ROSARIO|MENDOZA|TUCUMÁN', 'RENAPER|MINISTERIO DEL INTERIOR'),
  row('CHL', 'REPÚBLICA DE CHILE', 'es en', 'es', 'CHILENA', 'LDDDDDDDD DDDDDDDDD', 'SANTIAGO|VALPARAÍSO|CONCEPCIÓN|PUNTA ARENAS|CHILLÁN', 'SERVICIO DE REGISTRO CIVIL E IDENTIFICACIÓN|SRCEI'),
  row('URY', 'REPÚBLICA ORIENTAL DEL URUGUAY', 'es en', 'es it', 'URUGUAYA', 'LDDDDDD LLDDDDDD', 'MONTEVIDEO|PAYSANDÚ|SALTO|TACUAREMBÓ', 'DNIC|MINISTERIO DEL INTERIOR'),
  row('MEX', 'ESTADOS UNIDOS MEXICANOS', 'es en fr', 'es', 'MEXICANA', 'LDDDDDDDD LLDDDDDDD', 'CIUDAD DE MÉXICO|GUADALAJARA|MÉRIDA|QUERÉTARO|MONTERREY', 'SRE|SECRETARÍA DE RELACIONES EXTERIORES'),
  row('JPN', 'JAPAN', 'en', 'ja', 'JAPAN', 'LLDDDDDDD', 'TOKYO|OSAKA|KYOTO|HOKKAIDO|NAGANO', 'MINISTRY OF FOREIGN AFFAIRS'),
  row('KOR', 'REPUBLIC OF KOREA', 'en', 'ko', 'REPUBLIC OF KOREA', 'LDDDDDDDD LDDDLDDDD', 'SEOUL|BUSAN|DAEGU|INCHEON', 'MINISTRY OF FOREIGN AFFAIRS'),
  row('SWE', 'SVERIGE|SWEDEN|SUÈDE', 'sv en fr', 'sv fi', 'SVENSK/SWEDISH', 'DDDDDDDD LLDDDDDDD', 'STOCKHOLM|GÖTEBORG|MALMÖ|UMEÅ|VÄSTERÅS|JÖNKÖPING', 'POLISMYNDIGHETEN|MIGRATIONSVERKET'),
  row('NOR', 'NORGE|NORWAY|NORVÈGE', 'no en fr', 'no', 'NORSK/NORWEGIAN', 'DDDDDDDDD LLDDDDDDD', 'OSLO|BERGEN|TROMSØ|ÅLESUND|BODØ', 'POLITIET|UTLENDINGSDIREKTORATET'),
  row('FIN', 'SUOMI|FINLAND', 'fi sv en', 'fi sv', 'SUOMI/FINLAND', 'LLDDDDDDD', 'HELSINKI|TAMPERE|TURKU|OULU|JYVÄSKYLÄ', 'POLIISI|HELSINGIN POLIISILAITOS'),
  row('POL', 'RZECZPOSPOLITA POLSKA|REPUBLIC OF POLAND', 'pl en fr', 'pl', 'POLSKIE', 'LLDDDDDDD LLLDDDDDD', 'WARSZAWA|KRAKÓW|ŁÓDŹ|GDAŃSK|WROCŁAW|BIAŁYSTOK', 'MINISTER SPRAW WEWNĘTRZNYCH|PREZYDENT M. ST. WARSZAWY|WOJEWODA MAZOWIECKI'),
];

export interface Ymd {
  y: number;
  m: number;
  d: number;
}
export const yymmdd = (t: Ymd) => `${String(t.y % 100).padStart(2, '0')}${String(t.m).padStart(2, '0')}${String(t.d).padStart(2, '0')}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
function date(s: Stream, from: number, to: number): Ymd {
  const y = s.whole(from, to);
  const m = s.whole(1, 12);
  return { y, m, d: s.whole(1, lastDay(y, m)) };
}
function plusDays(t: Ymd, days: number): Ymd {
  const u = new Date(Date.UTC(t.y, t.m - 1, t.d + days));
  return { y: u.getUTCFullYear(), m: u.getUTCMonth() + 1, d: u.getUTCDate() };
}
function plusYears(t: Ymd, years: number, dayBefore: boolean): Ymd {
  const y = t.y + years;
  const base = { y, m: t.m, d: Math.min(t.d, lastDay(y, t.m)) };
  return dayBefore ? plusDays(base, -1) : base;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/** The letters and digits an OCR confuses (O/0, I/1, S/5, B/8, Z/2, G/6, D/0, Q/0), drawn more often. */
const LOOKALIKE_LETTERS = 'OISBZGDQ';
const LOOKALIKE_DIGITS = '0158260';
const GERMAN = 'CFGHJKLMNPRTVWXYZ0123456789';

function fromPattern(s: Stream, pattern: string, lookalikes: number): string {
  let out = '';
  for (const p of pattern) {
    const letter = () => (s.maybe(lookalikes) ? s.one([...LOOKALIKE_LETTERS]) : s.one([...LETTERS]));
    const digit = () => (s.maybe(lookalikes) ? s.one([...LOOKALIKE_DIGITS]) : s.one([...DIGITS]));
    if (p === 'L') out += letter();
    else if (p === 'D') out += digit();
    else if (p === 'X') out += s.maybe(0.45) ? letter() : digit();
    else if (p === 'G') out += s.one([...GERMAN]);
    else out += p;
  }
  return out;
}

function personName(s: Stream, state: State, sex: 'M' | 'F', long: boolean) {
  const [surnames, female, male] = NAMES[s.one(state.people)];
  const given = sex === 'F' ? female : male;
  const surname = [s.one(surnames)];
  // Double surnames (Spanish, Portuguese, compound), more given names; long ones overflow the field.
  const extraSurnames = long ? s.whole(1, 2) : s.maybe(0.2) ? 1 : 0;
  for (let i = 0; i < extraSurnames; i++) {
    const next = s.one(surnames.filter((x) => !surname.includes(x)));
    surname.push(s.maybe(0.25) && !long ? `-${next}` : next);
  }
  const givens = [s.one(given)];
  const extraGiven = long ? s.whole(1, 3) : s.maybe(0.3) ? 1 : 0;
  for (let i = 0; i < extraGiven; i++) givens.push(s.one(given.filter((x) => !givens.includes(x))));
  return { surname: surname.join(' ').replace(/ -/g, '-'), given: givens.join(' ') };
}

export interface SpecimenDocument {
  format: ZoneFormat;
  kind: Kind;
  state: State;
  /** The holder's state (the issuer's, or another for visas and residence permits). */
  holderState: State;
  surname: string;
  given: string;
  sex: 'M' | 'F' | '<';
  birth: Ymd;
  birthplace: string;
  issue: Ymd;
  expiry: Ymd;
  /** The document number as the zone has it (up to 12 characters on an overflowing TD1). */
  number: string;
  /** A visa's own number when the zone carries the passport's (printed in red at the top). */
  visaNumber?: string;
  passportNumber?: string;
  personal?: string;
  optional2?: string;
  authority: string;
  /** Visa particulars. */
  entries?: string;
  durationDays?: number;
  visaType?: string;
  validFor?: string;
  zoneInput: ZoneInput;
  lines: string[];
  /** The name did not fit its field and was cut at the field's end. */
  nameTruncated: boolean;
}

const CODES: Record<ZoneFormat, [string, number][]> = {
  TD1: [['I<', 4], ['ID', 4], ['IR', 2], ['AC', 1], ['IP', 1], ['A<', 1], ['C<', 1]],
  TD2: [['I<', 4], ['ID', 2], ['IR', 2], ['AC', 1], ['A<', 1], ['IP', 1]],
  TD3: [['P<', 10], ['PM', 1], ['PD', 1], ['PO', 1], ['PS', 1]],
  MRVA: [['V<', 4], ['VA', 1], ['VC', 1]],
  MRVB: [['V<', 4], ['VB', 1], ['VD', 1]],
};
function weighted<T>(s: Stream, items: [T, number][]): T {
  let r = s.u() * items.reduce((a, [, w]) => a + w, 0);
  for (const [x, w] of items) if ((r -= w) < 0) return x;
  return items[items.length - 1]![0];
}
const kindOf = (code: string): Kind => (code[0] === 'P' ? 'passport' : code[0] === 'V' ? 'visa' : code === 'AC' || code === 'C<' ? 'crew' : code === 'IR' || code[0] === 'A' ? 'residence' : 'idcard');

/** One specimen's data and zone, from its own stream. */
export function specimenDocument(format: ZoneFormat, s: Stream): SpecimenDocument {
  const state = s.one(STATES);
  const code = weighted(s, CODES[format]);
  const kind = kindOf(code);
  // Visas, residence permits and crew certificates are often held by another state's nationals.
  const foreign = kind === 'visa' || kind === 'residence' ? s.maybe(0.9) : kind === 'crew' ? s.maybe(0.5) : s.maybe(0.06);
  const holderState = foreign ? s.one(STATES.filter((x) => x !== state)) : state;
  const r = s.u();
  const sex: 'M' | 'F' | '<' = r < 0.05 ? '<' : r < 0.53 ? 'F' : 'M';
  const long = s.maybe(format === 'TD3' || format === 'MRVA' ? 0.2 : 0.15);
  const { surname, given: givenFull } = personName(s, holderState, sex === '<' ? (s.maybe(0.5) ? 'F' : 'M') : sex, long);
  // A few holders have a surname only (Part 3: then no `<<` follows).
  const given = s.maybe(0.03) ? '' : givenFull;
  const minor = kind === 'passport' && s.maybe(0.12);
  const issue = date(s, 2009, 2025);
  const birth = minor ? date(s, issue.y - 17, issue.y - 1) : date(s, Math.max(1935, issue.y - 85), issue.y - (kind === 'visa' || kind === 'crew' ? 19 : 16));
  const dayBefore = s.maybe(0.6);
  let expiry: Ymd;
  let validFrom = issue;
  let durationDays: number | undefined;
  if (kind === 'visa') {
    validFrom = plusDays(issue, s.whole(0, 20));
    const span = s.one([30, 90, 180, 365, 730, 1825]);
    expiry = plusDays(validFrom, span - 1);
    durationDays = Math.min(span, s.one([15, 30, 90, 90, 180]));
  } else {
    const years = kind === 'residence' ? s.whole(1, 5) : kind === 'crew' ? 5 : minor ? 5 : kind === 'idcard' ? s.one([10, 10, 5, 15]) : 10;
    expiry = plusYears(issue, years, dayBefore);
  }
  const lookalikes = s.between(0.25, 0.6);
  const overflow = format === 'TD1' && s.maybe(0.12);
  let number = overflow ? fromPattern(s, s.one(['LLDDDDDDDDDD', 'DDDDDDDDDDD', 'LDDDDDDDDDX', 'XXXXXXXXXXXX']), lookalikes) : fromPattern(s, s.one(state.numbers), lookalikes);
  let passportNumber: string | undefined;
  let visaNumber: string | undefined;
  if (kind === 'visa') {
    // Part 7 lets the zone carry the visa's own number or the number of the passport it is affixed to.
    passportNumber = fromPattern(s, s.one(holderState.numbers), lookalikes);
    visaNumber = number;
    if (s.maybe(0.5)) number = passportNumber;
  }
  // Optional data: a personal number on some passports and cards, other issuer data elsewhere.
  const personal = s.maybe(format === 'TD3' ? 0.35 : 0.3)
    ? fromPattern(s, s.one(format === 'TD2' ? ['DDDDDDD', 'LLDDDDD', 'DDDDD'] : format === 'MRVB' ? ['DDDDDDDD', 'LLDDDDDD', 'XXXXXX'] : format === 'MRVA' ? ['DDDDDDDDDDDDDDDD', 'LLLDDDDDDDD', 'XXXXXXXX'] : ['DDDDDDDDDDD', 'LLDDDDDDDL', 'DDDDDDDDDDDDDD', 'DDDDDDDDLDD']), lookalikes)
    : undefined;
  const optional2 = format === 'TD1' && s.maybe(0.25) ? fromPattern(s, s.one(['DDDDDDDDDDD', 'LLDDDDD', 'DDDDDDDD']), lookalikes) : undefined;
  const zoneInput: ZoneInput = {
    format,
    documentCode: code,
    issuingState: state.code,
    nationality: holderState.code,
    documentNumber: number,
    primary: surname,
    secondary: given,
    birth: yymmdd(birth),
    expiry: yymmdd(expiry),
    sex,
    optional1: overflow ? undefined : personal,
    optional2,
    emptyCheck: s.maybe(0.6) ? '<' : '0',
  };
  const lines = buildZone(zoneInput);
  return {
    format,
    kind,
    state,
    holderState,
    surname,
    given,
    sex,
    birth,
    birthplace: s.one(holderState.towns),
    issue: kind === 'visa' ? validFrom : issue,
    expiry,
    number,
    passportNumber,
    visaNumber,
    personal: overflow ? undefined : personal,
    optional2,
    authority: s.one(state.authority),
    entries: kind === 'visa' ? s.one(['MULT', '1', '2', 'MULTIPLE', '01']) : undefined,
    durationDays,
    visaType: kind === 'visa' ? s.one(['C', 'D', 'B-1', 'TOURIST', 'WORK', 'STUDENT', 'A']) : undefined,
    validFor: kind === 'visa' ? s.one([state.names[0]!, 'SCHENGEN STATES', 'ALL COUNTRIES', state.code.replace(/</g, '')]) : undefined,
    zoneInput,
    lines,
    nameTruncated: (given ? `${zoneName(surname)}<<${zoneName(given)}` : zoneName(surname)).length > (format === 'TD1' ? 30 : ZONE_SHAPE[format].length - 5),
  };
}

/** A date as printed in the visual zone, in one issuer's style. */
export type DateStyle = 'dmy-dots' | 'dmy-slash' | 'd-mon-y' | 'd-mon/mon-y' | 'd-mon-yy' | 'iso' | 'dmy-spaces';
export const DATE_STYLES: DateStyle[] = ['dmy-dots', 'dmy-slash', 'd-mon-y', 'd-mon/mon-y', 'd-mon-yy', 'iso', 'dmy-spaces'];
export function printedDate(t: Ymd, style: DateStyle, lang: Lang): string {
  const dd = String(t.d).padStart(2, '0');
  const mm = String(t.m).padStart(2, '0');
  const own = MONTHS[lang][t.m - 1]!;
  const en = MONTHS.en[t.m - 1]!;
  switch (style) {
    case 'dmy-dots':
      return `${dd}.${mm}.${t.y}`;
    case 'dmy-slash':
      return `${dd}/${mm}/${t.y}`;
    case 'd-mon-y':
      return `${dd} ${own} ${t.y}`;
    case 'd-mon/mon-y':
      return own === en ? `${dd} ${en} ${t.y}` : `${dd} ${own}/${en} ${t.y}`;
    case 'd-mon-yy':
      return `${dd} ${own} ${String(t.y % 100).padStart(2, '0')}`;
    case 'iso':
      return `${t.y}-${mm}-${dd}`;
    case 'dmy-spaces':
      return `${dd} ${mm} ${t.y}`;
  }
}

