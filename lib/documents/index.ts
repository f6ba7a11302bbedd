export { extractDocument, preparedPage, readDocument, toSubmitted, type DocumentReading } from './engine';
export { fromGrey, pgm, type Grey } from './box';
export { classify } from './classify';
export { extractFields, readMrz } from './extract';
export { cpfFrom, isoDate, isValidCnhNumber, digitsOnly, personName } from './normalize';
export { fold, fuzzyIncludes, levenshtein } from './text';
export { RECOGNIZED_TYPES, PARENT_TYPES, PARENT_OF, type OcrField, type OcrResult, type RecognizedType } from './types';
export { readCompanyDocument, cnpjsIn, COMPANY_TYPES, type CompanyType } from './company';
export { type SignatureRegion } from './signature';
