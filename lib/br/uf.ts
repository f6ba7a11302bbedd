/** The 27 federative units (26 states and the Federal District), as printed on documents. */
export const UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

const UF_SET = new Set<string>(UFS);

export const isUf = (code: string) => UF_SET.has(code);
