/** The 27 federative units (26 states and the Federal District), as printed on documents. */
export const UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

const UF_SET = new Set<string>(UFS);

export const isUf = (code: string) => UF_SET.has(code);

/**
 * Identity-card issuers printed after the RG number ("SSP", "PC", "IFP"...):
 * the common ones, used to recognise "number issuer" when the UF after it
 * was not read.
 */
const ISSUERS = new Set(['SSP', 'SDS', 'SESP', 'SESDC', 'SEJUSP', 'SSPDS', 'SJS', 'SJTC', 'SPTC', 'SEPC', 'PC', 'PF', 'IFP', 'IGP', 'IIPM', 'ITEP', 'IPF', 'DGPC', 'DIC', 'DPT', 'POLITEC', 'DETRAN', 'CGPI', 'IDAMP', 'MAER', 'MEX', 'MM']);

export const isIssuer = (code: string) => ISSUERS.has(code);
