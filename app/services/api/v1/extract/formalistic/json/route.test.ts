import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/platform/db';
import { POST } from './route';
import { resetConfig } from '@/lib/platform/config';
import { formalisticResponseSchema, type FormalisticResponse } from '@/lib/api/contracts/formalistic';
import { enrolFace, mainFace, pictureFrom } from '@/lib/engines/face';
import { generate } from '@/scripts/synth';
import { articles, cnpjCard, company } from '@/scripts/synth/company';
import { call, facesDir, startReceiver, type Receiver } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

const URL_PATH = '/services/api/v1/extract/formalistic/json';
const face = (name: string) => fs.readFileSync(path.join(facesDir(), 'deepface', name));
const b64 = (b: Buffer) => b.toString('base64');
const OTHER_CPF = '11144477735';

describe('formalistic extraction (SPEC 4.10)', () => {
  const t = withTestIntegrator();
  let cnh: { image: Buffer; cpf: string; name: string };
  beforeAll(async () => {
    const sample = await generate('CNH_FRENTE', 21, 'clean', { portrait: face('img1.jpg') });
    cnh = { image: sample.image, cpf: sample.truth.fields.cpf!, name: sample.truth.fields.nome! };
  }, 60_000);

  const post = async (json: Record<string, unknown>) => {
    const r = await call(POST, URL_PATH, { headers: t.auth, json });
    return { status: r.status, data: r.data as FormalisticResponse, raw: r.data };
  };

  it('a person: each file its own item, one corrupt file fails alone, the checklist and the regions', async () => {
    const r = await post({ cpfCnpj: cnh.cpf, files: [b64(cnh.image), b64(Buffer.from('%PDF-1.7\nnot really'))], datavalid: true, forensics: true });
    expect(r.status).toBe(200);
    const body = formalisticResponseSchema.parse(r.raw);
    // One file failed: the top level says so and names it; the other is still analysed.
    expect(body).toMatchObject({ statusCode: 422, succesful: false, resquestUri: URL_PATH, error: { stackTrace: 'some_files_failed', source: 'files[1]', message: expect.stringMatching(/^1 de 2 arquivos/) } });
    const [doc, bad] = body.ocrResultList;
    expect(doc).toMatchObject({ statusCode: 200, succesful: true, resquestUri: `${URL_PATH}#files[0]`, companyAlias: expect.stringMatching(/^[a-z0-9-]+$/) });
    expect(doc!.ocrResult!.typeRecognized).toBe('CNH_FRENTE');
    expect(doc!.processedImage).toMatch(/^data:image\/jpeg;base64,/);
    expect(doc!.faceResult).toMatchObject({ count: 1, indexSearched: false, indexMatches: [] });
    expect(doc!.faceResult!.faces[0]!.portrait).toBe(true);
    const labels = doc!.yoloResult!.regions.map((x) => x.label);
    expect(labels).toEqual(expect.arrayContaining(['document', 'face']));
    // The face region lies inside the picture.
    const faceBox = doc!.yoloResult!.regions.find((x) => x.label === 'face')!.box;
    expect(faceBox[0]! + faceBox[2]!).toBeLessThanOrEqual(doc!.yoloResult!.width);
    // No SERPRO configured on this server: said, not invented.
    expect(doc!.datavalidResult).toMatchObject({ status: 'not_configured' });
    expect(bad).toMatchObject({ statusCode: 422, succesful: false, ocrResult: null, processedImage: '', error: { stackTrace: 'corrupt_file', source: 'files[1]' } });
    expect(bad!.error.message).not.toMatch(/at .*\.ts|Error:/);

    const result = body.checkListResult.result;
    expect(body.checkListResult.methodName).toBe('extract.formalistic');
    expect(body.checkListResult.batchId).toBeGreaterThan(0);
    expect(result).toMatchObject({ rulesGroup: 'pf', cpfCnpj: { kind: 'cpf', value: cnh.cpf }, hardStop: false });
    const checks = Object.fromEntries(result.checks.map((c) => [c.name, c.passed]));
    expect(checks).toMatchObject({ cpfInformado: true, documentoIdentificacao: true, cpfConfere: true, fotoNoDocumento: true });
    expect(result.documents).toEqual([{ file: 0, typeRecognized: 'CNH_FRENTE' }]);
  }, 120_000);

  it('a company: CNPJ card, articles naming the partner, and the partner’s CNH pass the pj checklist (alphanumeric CNPJ)', async () => {
    const firm = company(7, [cnh.name], { alphanumeric: true });
    expect(firm.cnpj).toMatch(/[A-Z]/);
    const punctuated = `${firm.cnpj.slice(0, 2)}.${firm.cnpj.slice(2, 5)}.${firm.cnpj.slice(5, 8)}/${firm.cnpj.slice(8, 12)}-${firm.cnpj.slice(12)}`;
    const r = await post({ cpfCnpj: punctuated, files: [b64(await cnpjCard(firm)), b64(await articles(firm)), b64(cnh.image)] });
    expect(r.status).toBe(200);
    const body = formalisticResponseSchema.parse(r.raw);
    const types = body.ocrResultList.map((i) => i.ocrResult?.typeRecognized);
    expect(types).toEqual(['CARTAO_CNPJ', 'CONTRATO_SOCIAL', 'CNH_FRENTE']);
    const card = body.ocrResultList[0]!.ocrResult!;
    expect(card.digitalDocument).toBe(true);
    expect(card.fields).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'cnpj', value: firm.cnpj }), expect.objectContaining({ key: 'nomeEmpresarial', value: firm.name }), expect.objectContaining({ key: 'situacaoCadastral', value: 'ATIVA' })]));
    const result = body.checkListResult.result;
    expect(result.rulesGroup).toBe('pj');
    expect(result.cpfCnpj).toEqual({ kind: 'cnpj', value: firm.cnpj });
    expect(result.checks.filter((c) => c.passed !== true)).toEqual([]);
    expect(result.complete).toBe(true);

    // A card of another company and a closed one fail their checks, with reasons.
    const other = company(8, ['FULANO DE TAL'], { status: 'BAIXADA' });
    const r2 = await post({ cpfCnpj: firm.cnpj, files: [b64(await cnpjCard(other)), b64(await articles(other)), b64(cnh.image)] });
    const checks = Object.fromEntries(r2.data.checkListResult.result.checks.map((c) => [c.name, c.passed]));
    expect(checks).toMatchObject({ cartaoCnpj: true, cnpjConfere: false, situacaoAtiva: false, socioNoContrato: false });
    expect(r2.data.checkListResult.result.complete).toBe(false);
  }, 180_000);

  it('faceDB: the document face found under another CPF in the index is listed and stops the analysis', async () => {
    const enrolled = await mainFace(await pictureFrom(b64(face('img2.jpg')), 'x'), 'x', []);
    await enrolFace(await getDb(), t.tenant.integratorId, OTHER_CPF, enrolled, 'outro-cadastro');
    const r = await post({ cpfCnpj: cnh.cpf, faceDB: true, files: [b64(cnh.image)] });
    const item = r.data.ocrResultList[0]!;
    // Every file read: the top level is successful, whatever the score says.
    expect(r.data).toMatchObject({ succesful: true, statusCode: 200, error: { message: '', stackTrace: '', source: '' } });
    expect(item.faceResult!.indexSearched).toBe(true);
    expect(item.faceResult!.indexMatches[0]).toMatchObject({ cpf: OTHER_CPF, reference: 'outro-cadastro' });
    expect(r.data.checkListResult.result.penalties.map((p) => p.rulesName)).toContain('ROSTO_DUPLICADO');
    expect(r.data.checkListResult.result.hardStop).toBe(true);
  }, 120_000);

  it('refuses an invalid CPF/CNPJ (422), too many files and a wrong rulesGroup (400); all files failing is reported, not a 500', async () => {
    const bad = await post({ cpfCnpj: '11222333000180', files: [] });
    expect(bad.status).toBe(422);
    expect(bad.raw.code).toBe('invalid_cpf_cnpj');
    expect((await post({ files: Array.from({ length: 11 }, () => 'AAAA') })).status).toBe(400);
    expect((await post({ rulesGroup: 'acme', files: [] })).status).toBe(400);
    const none = await post({ files: ['@@@not base64@@@', b64(Buffer.from('GIF89a....'))] });
    expect(none.status).toBe(200);
    expect(none.data).toMatchObject({ succesful: false, statusCode: 422, error: { stackTrace: 'no_file_read', source: 'files[0],files[1]' } });
    expect(none.data.ocrResultList.map((i) => i.statusCode)).toEqual([422, 415]);
    const empty = await post({});
    expect(empty.data).toMatchObject({ succesful: true, ocrResultList: [] });
  }, 60_000);

  describe('with SERPRO Datavalid configured (a local fake gateway)', () => {
    let gateway: Receiver;
    const json = (body: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    beforeAll(async () => {
      gateway = await startReceiver((call) =>
        call.path === '/token'
          ? json({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 })
          : json({ rfb_existe: true, cnh_existe: true, rfb: { nome: true, nome_similaridade: 0.99, data_nascimento: true }, biometria_facial: { disponivel: true, probabilidade: 'Alta probabilidade', similaridade: 0.93 } }),
      );
      process.env.DATAVALID_URL = gateway.url;
      process.env.DATAVALID_CONSUMER_KEY = 'key';
      process.env.DATAVALID_CONSUMER_SECRET = 'secret';
      resetConfig();
    });
    afterAll(async () => {
      for (const k of ['DATAVALID_URL', 'DATAVALID_CONSUMER_KEY', 'DATAVALID_CONSUMER_SECRET']) delete process.env[k];
      resetConfig();
      await gateway.close();
    });

    it('sends the document’s data and portrait and reports SERPRO’s answer, without images', async () => {
      const r = await post({ cpfCnpj: cnh.cpf, datavalid: true, files: [b64(cnh.image)] });
      const result = r.data.ocrResultList[0]!.datavalidResult!;
      expect(result.status).toBe('ok');
      expect(result.fields).toMatchObject({ nameMatches: true, birthDateMatches: true, face: { available: true, similarity: 93 } });
      const asked = JSON.parse(gateway.calls.find((s) => s.path.startsWith('/datavalid/'))!.body);
      expect(asked.cpf).toBe(cnh.cpf);
      expect(JSON.stringify(asked)).toContain(cnh.name.split(' ')[0]);
      expect(JSON.stringify(asked)).toMatch(/"base64":"\/9j\//);
      expect(JSON.stringify(result)).not.toMatch(/\/9j\//);
    }, 120_000);
  });
});
