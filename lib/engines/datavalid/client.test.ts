import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConfig, resetConfig } from '../../platform/config';
import { startReceiver, type ReceivedCall, type Receiver, type ReceiverAnswer } from '../../testing';
import { createDatavalidClient, datavalidClient, type DatavalidClientOptions } from '.';

// A stand-in for the SERPRO gateway on 127.0.0.1; each test scripts its answers.
type Handler = (req: ReceivedCall) => ReceiverAnswer;
let receiver: Receiver;
let base: string;
let seen: ReceivedCall[] = [];
let handler: Handler;

const FACE = Buffer.alloc(600, 0xd8).toString('base64'); // stands for a JPEG; must never come back
const CPF = '52998224725';
let tokenCount = 0;
const tok = (n: number) => `c66a7def1c96f7008a0c397dc588b6d${n}`;

const json = (status: number, body: unknown) => ({ status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
function issueToken(expiresIn = 3600) {
  tokenCount++;
  return json(200, { access_token: tok(tokenCount), token_type: 'Bearer', expires_in: expiresIn, scope: 'default' });
}
const V4_ANSWER = {
  rfb_existe: true,
  cnh_existe: true,
  rfb: { nome: true, nome_similaridade: 0.97, data_nascimento: true, situacao_cpf: true },
  cnh: { nome: true, numero_registro: true, categoria: false, data_primeira_habilitacao: true, data_validade: true },
  biometria_facial: { disponivel: true, probabilidade: 'Altíssima probabilidade', similaridade: 0.98, vivacidade: 'REAL' },
};
/** Default gateway: tokens on /token, the v4 answer everywhere else. */
const okGateway: Handler = (req) => (req.path === '/token' ? issueToken() : json(200, V4_ANSWER));

beforeAll(async () => {
  receiver = await startReceiver((call) => handler(call));
  base = receiver.url;
  seen = receiver.calls;
});
afterAll(() => receiver.close());
beforeEach(() => {
  seen.length = 0;
  tokenCount = 0;
  handler = okGateway;
});

const client = (extra: Partial<DatavalidClientOptions> = {}) =>
  createDatavalidClient({ url: base, consumerKey: 'ck-123', consumerSecret: 'cs-secret-456', timeoutMs: 2000, ...extra });

const fullInput = {
  cpf: CPF,
  name: 'MARIA DA SILVA',
  birthDate: '1990-05-17',
  cnh: { registrationNumber: '02650306461', category: 'AB', firstLicenceDate: '2010-01-02', expiryDate: '2030-01-02' },
  faceJpegBase64: FACE,
};

describe('Datavalid client against a fake gateway', () => {
  it('asks for a token with Basic auth and grant_type=client_credentials', async () => {
    await client().validate({ cpf: CPF, name: 'MARIA' });
    const tokenReq = seen.find((s) => s.path === '/token')!;
    expect(tokenReq.method).toBe('POST');
    expect(tokenReq.headers.authorization).toBe(`Basic ${Buffer.from('ck-123:cs-secret-456').toString('base64')}`);
    expect(tokenReq.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(tokenReq.body).get('grant_type')).toBe('client_credentials');
  });

  it('sends the Bearer token and the mapped v4 body to pf-facial', async () => {
    await client().validate({ ...fullInput, document: { number: '123456', issuer: 'SSP', uf: 'SP' } });
    const q = seen[1]!;
    expect(q.path).toBe('/datavalid/v4/pf-facial');
    expect(q.headers.authorization).toBe(`Bearer ${tok(1)}`);
    expect(JSON.parse(q.body)).toEqual({
      cpf: CPF,
      validacao: {
        nome: 'MARIA DA SILVA',
        data_nascimento: '1990-05-17',
        documento: { numero: '123456', orgao_expedidor: 'SSP', uf_expedidor: 'SP' },
        cnh: { numero_registro: '02650306461', categoria: 'AB', data_primeira_habilitacao: '2010-01-02', data_validade: '2030-01-02' },
        biometria_facial: { formato: 'JPG', vivacidade: false, base64: FACE },
      },
    });
  });

  it('picks pf-completa for CNH data without a face and pf-basica for name/birth date only', async () => {
    const c = client();
    await c.validate({ cpf: '529.982.247-25', cnh: { registrationNumber: '02650306461' } });
    await c.validate({ cpf: CPF, name: 'MARIA', birthDate: '1990-05-17' });
    const queries = seen.filter((s) => s.path !== '/token');
    expect(queries.map((q) => q.path)).toEqual(['/datavalid/v4/pf-completa', '/datavalid/v4/pf-basica']);
    expect(JSON.parse(queries[0]!.body)).toEqual({ cpf: CPF, validacao: { cnh: { numero_registro: '02650306461' } } });
    expect(JSON.parse(queries[1]!.body)).toEqual({ cpf: CPF, validacao: { nome: 'MARIA', data_nascimento: '1990-05-17' } });
  });

  it('maps the answer to English keys, face similarity as 0..100', async () => {
    const r = await client().validate(fullInput);
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(Date.parse(r.checkedAt)).not.toBeNaN();
    expect(r.fields).toEqual({
      nameMatches: true,
      nameSimilarity: 0.97,
      birthDateMatches: true,
      cpfStatusMatches: true,
      cnhFound: true,
      cnh: { nameMatches: true, registrationNumberMatches: true, categoryMatches: false, firstLicenceDateMatches: true, expiryDateMatches: true },
      face: { available: true, similarity: 98, probability: 'Altíssima probabilidade', liveness: 'REAL' },
    });
    expect(JSON.stringify(r)).not.toContain(FACE);
    expect(JSON.stringify(r)).not.toContain(tok(1));
  });

  it('also reads the older flat answer, and reports nothing it was not told', async () => {
    handler = (req) =>
      req.path === '/token'
        ? issueToken()
        : json(200, { nome: false, nome_similaridade: 0.5, data_nascimento: 'yes', biometria_face: { disponivel: false }, cnh_disponivel: false });
    const r = await client().validate({ cpf: CPF, name: 'X', faceJpegBase64: FACE });
    expect(r).toMatchObject({ status: 'ok', fields: { nameMatches: false, nameSimilarity: 0.5, cnhFound: false, face: { available: false } } });
    if (r.status === 'ok') expect(r.fields).not.toHaveProperty('birthDateMatches');
  });

  it('reuses the token across calls and renews it 30 s before expiry', async () => {
    let clock = 1_000_000;
    const c = client({ now: () => clock });
    await c.validate({ cpf: CPF, name: 'A' });
    await c.validate({ cpf: CPF, name: 'B' });
    expect(seen.filter((s) => s.path === '/token')).toHaveLength(1);
    clock += (3600 - 29) * 1000;
    await c.validate({ cpf: CPF, name: 'C' });
    expect(seen.filter((s) => s.path === '/token')).toHaveLength(2);
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${tok(2)}`);
  });

  it('on 401 renews the token once and retries once', async () => {
    handler = (req) => {
      if (req.path === '/token') return issueToken();
      return req.headers.authorization === `Bearer ${tok(1)}` ? json(401, { message: 'Invalid Credentials' }) : json(200, V4_ANSWER);
    };
    const r = await client().validate(fullInput);
    expect(r.status).toBe('ok');
    expect(seen.map((s) => s.path)).toEqual(['/token', '/datavalid/v4/pf-facial', '/token', '/datavalid/v4/pf-facial']);
    expect(seen[3]!.headers.authorization).toBe(`Bearer ${tok(2)}`);
  });

  it('a second 401 is unauthorized and the token is dropped', async () => {
    handler = (req) => (req.path === '/token' ? issueToken() : json(401, {}));
    const c = client();
    expect(await c.validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'unauthorized', httpStatus: 401 });
    expect(seen).toHaveLength(4);
    handler = okGateway;
    await c.validate({ cpf: CPF });
    expect(seen.at(-2)!.path).toBe('/token'); // not reusing the refused token
  });

  it('403 is unauthorized without a retry; refused credentials too', async () => {
    handler = (req) => (req.path === '/token' ? issueToken() : json(403, {}));
    expect(await client().validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'unauthorized', httpStatus: 403 });
    expect(seen).toHaveLength(2);
    handler = () => json(401, { error: 'invalid_client' });
    expect(await client().validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('500 and an unreachable gateway are unavailable', async () => {
    handler = (req) => (req.path === '/token' ? issueToken() : json(500, { message: 'boom' }));
    expect(await client().validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'unavailable', httpStatus: 500 });
    const dead = createDatavalidClient({ url: 'http://127.0.0.1:1', consumerKey: 'k', consumerSecret: 's', timeoutMs: 2000 });
    expect(await dead.validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'unavailable' });
  });

  it('404 is cpf_not_found, 422 rejected with its DV code, rfb_existe=false cpf_not_found', async () => {
    handler = (req) => (req.path === '/token' ? issueToken() : json(404, {}));
    expect(await client().validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'cpf_not_found', httpStatus: 404 });
    handler = (req) => (req.path === '/token' ? issueToken() : json(422, { code: 'DV040', message: 'Imagem da face não encontrada nas bases' }));
    const r = await client().validate(fullInput);
    expect(r).toMatchObject({ status: 'error', code: 'rejected', httpStatus: 422 });
    if (r.status === 'error') expect(r.message).toContain('DV040');
    handler = (req) => (req.path === '/token' ? issueToken() : json(200, { rfb_existe: false, cnh_existe: false }));
    expect(await client().validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'cpf_not_found' });
  });

  it('refuses a CPF with bad check digits without calling the gateway', async () => {
    expect(await client().validate({ cpf: '52998224724' })).toMatchObject({ status: 'error', code: 'rejected' });
    expect(seen).toHaveLength(0);
  });

  it('a slow gateway is a timeout', async () => {
    handler = (req) => (req.path === '/token' ? issueToken() : { ...json(200, V4_ANSWER), delayMs: 1500 });
    const started = Date.now();
    expect(await client({ timeoutMs: 150 }).validate({ cpf: CPF })).toMatchObject({ status: 'error', code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never puts the face image (or the token) in an error message, even when the gateway echoes it', async () => {
    handler = (req) => {
      if (req.path === '/token') return issueToken();
      const echoed = JSON.parse(req.body).validacao.biometria_facial.base64;
      return json(422, { code: 'DV043', message: `Imagem inválida: ${echoed} / ${echoed.slice(0, 120)} (token ${tok(1)})` });
    };
    const r = await client().validate(fullInput);
    expect(r).toMatchObject({ status: 'error', code: 'rejected' });
    const text = JSON.stringify(r);
    expect(text).toContain('DV043');
    expect(text).not.toContain(FACE.slice(0, 40));
    expect(text).not.toContain(tok(1));
  });
});

describe('datavalidClient() and configuration', () => {
  const KEYS = ['DATAVALID_URL', 'DATAVALID_CONSUMER_KEY', 'DATAVALID_CONSUMER_SECRET', 'DATAVALID_TIMEOUT_MS'];
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  const setEnv = (env: Record<string, string | undefined>) => {
    for (const k of KEYS) delete process.env[k];
    for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
    resetConfig();
  };
  afterEach(() => {
    setEnv(saved);
    vi.unstubAllGlobals();
  });

  it('without DATAVALID_URL answers not_configured and makes no network call', async () => {
    setEnv({});
    const spy = vi.fn();
    vi.stubGlobal('fetch', spy);
    expect(await datavalidClient().validate(fullInput)).toEqual({ status: 'not_configured', message: expect.stringContaining('DATAVALID_URL') });
    expect(spy).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);
  });

  it('with DATAVALID_URL talks to the gateway and keeps one client (one token)', async () => {
    setEnv({ DATAVALID_URL: base, DATAVALID_CONSUMER_KEY: 'k', DATAVALID_CONSUMER_SECRET: 's', DATAVALID_TIMEOUT_MS: '3000' });
    expect(getConfig().DATAVALID_TIMEOUT_MS).toBe(3000);
    expect(await datavalidClient().validate({ cpf: CPF })).toMatchObject({ status: 'ok' });
    expect(await datavalidClient().validate({ cpf: CPF })).toMatchObject({ status: 'ok' });
    expect(seen.filter((s) => s.path === '/token')).toHaveLength(1);
  });

  it('refuses DATAVALID_URL without consumer key and secret', () => {
    setEnv({ DATAVALID_URL: 'https://gateway.example.gov.br', DATAVALID_CONSUMER_KEY: 'k' });
    expect(() => getConfig()).toThrow(/DATAVALID_CONSUMER_SECRET/);
    setEnv({});
    expect(getConfig().DATAVALID_TIMEOUT_MS).toBe(10_000);
  });
});
