import { isValidCpf } from '@/lib/engines/br';
import type { DatavalidClient, DatavalidClientOptions, DatavalidErrorCode, DatavalidFields, DatavalidInput, DatavalidResult } from './types';

/*
 * SERPRO Datavalid v4, as documented at apidocs.datavalidp.estaleiro.serpro.gov.br
 * and seen in public v4 integrations:
 *   POST {base}/token                  Basic base64(key:secret), form body grant_type=client_credentials
 *                                      → { access_token, token_type, expires_in (s, ~3600) }
 *   POST {base}/datavalid/v4/pf-facial   face (+ biographic) check against the CNH portrait
 *   POST {base}/datavalid/v4/pf-completa biographic check including CNH / document fields
 *   POST {base}/datavalid/v4/pf-basica   biographic check against the CPF registry only
 * v4 bodies are { cpf, validacao: {...} } (v1–v3 used { key: { cpf }, answer: {...} }).
 * 401 means the token expired; 422 carries a DVnnn code (e.g. DV040: no CNH portrait).
 * All paths live here so a contract change touches one place.
 */
const PATHS = {
  token: '/token',
  facial: '/datavalid/v4/pf-facial',
  complete: '/datavalid/v4/pf-completa',
  basic: '/datavalid/v4/pf-basica',
} as const;

/** Refresh this long before the gateway says the token expires, so it never dies in flight. */
const TOKEN_MARGIN_MS = 30_000;

class Failure extends Error {
  constructor(readonly code: DatavalidErrorCode, message: string, readonly httpStatus?: number) {
    super(message);
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Drops undefined and empty values so we never send (or report) what nobody asked for. */
function compact<T extends Json>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && !(isObject(v) && !Object.keys(v).length))) as Partial<T>;
}

const nonEmpty = <T extends Json>(o: T | undefined): T | undefined => (o && Object.keys(o).length ? o : undefined);

function faceBase64(input: DatavalidInput): string | undefined {
  return input.faceJpegBase64?.replace(/^data:[^,]*,/, '') || undefined;
}

/** The one place our input becomes SERPRO's wire format. */
export function toWireBody(input: DatavalidInput): { path: string; body: Json } {
  const face = faceBase64(input);
  const cnh = nonEmpty(input.cnh && compact({
    numero_registro: input.cnh.registrationNumber,
    categoria: input.cnh.category,
    data_primeira_habilitacao: input.cnh.firstLicenceDate,
    data_validade: input.cnh.expiryDate,
  }));
  const documento = nonEmpty(input.document && compact({ numero: input.document.number, orgao_expedidor: input.document.issuer, uf_expedidor: input.document.uf }));
  const validacao = compact({
    nome: input.name,
    data_nascimento: input.birthDate,
    documento,
    cnh,
    biometria_facial: face ? { formato: 'JPG', vivacidade: false, base64: face } : undefined,
  });
  const path = face ? PATHS.facial : cnh || documento ? PATHS.complete : PATHS.basic;
  return { path, body: { cpf: input.cpf.replace(/\D/g, ''), validacao } };
}

/** Picks only values of the expected type: a malformed answer yields a missing key, not a guess. */
function pick(src: unknown, map: Record<string, [string, 'boolean' | 'number' | 'string']>): Json {
  if (!isObject(src)) return {};
  const out: Json = {};
  for (const [to, [from, type]] of Object.entries(map)) if (typeof src[from] === type) out[to] = src[from];
  return out;
}

/** Maps both the v4 nested answer (rfb / cnh / biometria_facial) and the older flat one. */
export function mapAnswer(body: Json): DatavalidFields {
  const rfb = isObject(body.rfb) ? body.rfb : body;
  const faceSrc = isObject(body.biometria_facial) ? body.biometria_facial : body.biometria_face;
  const face = pick(faceSrc, { available: ['disponivel', 'boolean'], similarity: ['similaridade', 'number'], probability: ['probabilidade', 'string'], liveness: ['vivacidade', 'string'] });
  // Datavalid documents 0..1; some environments answer 0..100. We always report 0..100.
  if (typeof face.similarity === 'number') face.similarity = Math.round((face.similarity <= 1 ? face.similarity * 100 : face.similarity) * 100) / 100;
  return compact({
    ...pick(rfb, { nameMatches: ['nome', 'boolean'], nameSimilarity: ['nome_similaridade', 'number'], birthDateMatches: ['data_nascimento', 'boolean'], cpfStatusMatches: ['situacao_cpf', 'boolean'] }),
    ...pick(body, { cnhFound: ['cnh_existe', 'boolean'] }),
    ...(typeof body.cnh_existe !== 'boolean' ? pick(body, { cnhFound: ['cnh_disponivel', 'boolean'] }) : {}),
    cnh: pick(body.cnh, {
      nameMatches: ['nome', 'boolean'],
      nameSimilarity: ['nome_similaridade', 'number'],
      registrationNumberMatches: ['numero_registro', 'boolean'],
      categoryMatches: ['categoria', 'boolean'],
      firstLicenceDateMatches: ['data_primeira_habilitacao', 'boolean'],
      expiryDateMatches: ['data_validade', 'boolean'],
    }),
    document: pick(isObject(body.documento) ? body.documento : rfb.documento, {
      numberMatches: ['numero', 'boolean'],
      numberSimilarity: ['numero_similaridade', 'number'],
      issuerMatches: ['orgao_expedidor', 'boolean'],
      ufMatches: ['uf_expedidor', 'boolean'],
    }),
    face,
  }) as DatavalidFields;
}

export function createDatavalidClient(options: DatavalidClientOptions): DatavalidClient {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
  let cached: { token: string; expiresAt: number } | undefined;

  /** Our own wording only: the gateway's text may echo the request (and so the face). */
  const secretsOut = (text: string, face?: string) => {
    let t = text.replace(/[\u0000-\u001f]+/g, ' ');
    for (const s of [face, cached?.token, basic, options.consumerSecret]) if (s && s.length >= 8) t = t.split(s).join('[redacted]');
    // Also any long base64-like run, in case the gateway echoes a slice of the image.
    t = t.replace(/[A-Za-z0-9+/=_-]{40,}/g, '[redacted]');
    return t.length > 200 ? `${t.slice(0, 200)}…` : t;
  };

  async function token(signal: AbortSignal): Promise<string> {
    if (cached && now() < cached.expiresAt - TOKEN_MARGIN_MS) return cached.token;
    cached = undefined;
    const res = await doFetch(base + PATHS.token, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal,
    });
    if (res.status === 400 || res.status === 401 || res.status === 403) throw new Failure('unauthorized', 'Datavalid refused the consumer key/secret.', res.status);
    if (!res.ok) throw new Failure('unavailable', `Datavalid token endpoint answered HTTP ${res.status}.`, res.status);
    const body: unknown = await res.json().catch(() => undefined);
    if (!isObject(body) || typeof body.access_token !== 'string' || !body.access_token) throw new Failure('unavailable', 'Datavalid token endpoint sent no access_token.', res.status);
    const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    cached = { token: body.access_token, expiresAt: now() + ttl * 1000 };
    return cached.token;
  }

  async function errorFrom(res: Response, face?: string): Promise<Failure> {
    const status = res.status;
    if (status === 401 || status === 403) return new Failure('unauthorized', `Datavalid refused the access token (HTTP ${status}).`, status);
    if (status === 408 || status === 429 || status >= 500) return new Failure('unavailable', `Datavalid is unavailable (HTTP ${status}).`, status);
    const body: unknown = await res.json().catch(() => undefined);
    const code = isObject(body) ? body.code ?? body.codigo : undefined;
    const text = isObject(body) ? body.message ?? body.mensagem : undefined;
    const detail = [typeof code === 'string' ? code : '', typeof text === 'string' ? text : ''].filter(Boolean).join(': ');
    const suffix = detail ? ` (${secretsOut(detail, face)})` : '';
    if (status === 404) return new Failure('cpf_not_found', `Datavalid has no record of this CPF${suffix}.`, status);
    return new Failure('rejected', `Datavalid refused the request, HTTP ${status}${suffix}.`, status);
  }

  async function validate(input: DatavalidInput): Promise<DatavalidResult> {
    const { path, body } = toWireBody(input);
    if (!isValidCpf(body.cpf as string)) return { status: 'error', code: 'rejected', message: 'CPF check digits do not verify; Datavalid was not called.' };
    const face = faceBase64(input);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const post = async () =>
      doFetch(base + path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await token(controller.signal)}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    try {
      let res = await post();
      // An expired token surfaces as 401 on the query: renew once, retry once.
      if (res.status === 401) {
        cached = undefined;
        res = await post();
      }
      if (!res.ok) {
        const failure = await errorFrom(res, face);
        if (failure.code === 'unauthorized') cached = undefined;
        throw failure;
      }
      const answer: unknown = await res.json().catch(() => undefined);
      if (!isObject(answer)) throw new Failure('unavailable', 'Datavalid sent an unreadable answer.', res.status);
      if (answer.rfb_existe === false) throw new Failure('cpf_not_found', 'Datavalid has no record of this CPF.', res.status);
      return { status: 'ok', checkedAt: new Date(now()).toISOString(), fields: mapAnswer(answer) };
    } catch (e) {
      if (e instanceof Failure) return { status: 'error', code: e.code, message: e.message, ...(e.httpStatus ? { httpStatus: e.httpStatus } : {}) };
      if (controller.signal.aborted) return { status: 'error', code: 'timeout', message: `Datavalid did not answer within ${options.timeoutMs} ms.` };
      // Network failure: the underlying message names hosts at most, but stay on our own wording.
      return { status: 'error', code: 'unavailable', message: 'Datavalid could not be reached.' };
    } finally {
      clearTimeout(timer);
    }
  }

  return { validate };
}
