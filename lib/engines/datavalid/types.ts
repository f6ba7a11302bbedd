/** What we ask SERPRO Datavalid to compare against the government registries (RFB, Senatran). */
export interface DatavalidInput {
  /** 11 digits; punctuation is tolerated. */
  cpf: string;
  name?: string;
  /** YYYY-MM-DD */
  birthDate?: string;
  cnh?: { registrationNumber?: string; category?: string; firstLicenceDate?: string; expiryDate?: string };
  document?: { number?: string; issuer?: string; uf?: string };
  /** JPEG, base64 (a data: URL prefix is stripped). Sent to SERPRO only, never echoed back. */
  faceJpegBase64?: string;
}

export type DatavalidErrorCode = 'unauthorized' | 'timeout' | 'unavailable' | 'rejected' | 'cpf_not_found';

/**
 * `fields` holds only what Datavalid actually answered, renamed to English; a
 * missing key means "not checked", never "false". Keys, when present:
 *   nameMatches, nameSimilarity (0..1), birthDateMatches, cpfStatusMatches, cnhFound,
 *   cnh: { nameMatches, nameSimilarity, registrationNumberMatches, categoryMatches,
 *          firstLicenceDateMatches, expiryDateMatches },
 *   document: { numberMatches, numberSimilarity, issuerMatches, ufMatches },
 *   face: { available, similarity (0..100), probability, liveness }
 */
export type DatavalidFields = Record<string, boolean | number | string | object>;

export type DatavalidResult =
  | { status: 'not_configured'; message: string }
  | { status: 'ok'; checkedAt: string; fields: DatavalidFields; raw?: never }
  | { status: 'error'; code: DatavalidErrorCode; message: string; httpStatus?: number };

export interface DatavalidClient {
  /** Never throws: every failure is a `status: 'error'` result. */
  validate(input: DatavalidInput): Promise<DatavalidResult>;
}

export interface DatavalidClientOptions {
  /** Gateway base, e.g. https://gateway.apiserpro.serpro.gov.br */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** Budget for one validate() call, token request included. */
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
  /** Clock for the token cache (tests). */
  now?: () => number;
}
