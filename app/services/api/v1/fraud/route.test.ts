import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as analysis } from './analysis/json/route';
import { POST as facematch } from './analysis/facematch/json/route';
import { POST as multipart } from './analysis/facematch/route';
import { GET as listDeny } from './deny-list/route';
import { DELETE as allow, PUT as deny } from './deny-list/[cpf]/route';
import { GET as listRules } from './rules/route';
import { PUT as putRule } from './rules/[ruleName]/route';
import { fraudAnalysisSchema } from '@/lib/api/contracts/fraud';
import { generate } from '@/scripts/synth';
import { call, facesDir } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

const face = (name: string) => fs.readFileSync(path.join(facesDir(), 'deepface', name));
const b64 = (b: Buffer) => b.toString('base64');
const OTHER_CPF = '11144477735';

/** The heavy analyses run once, on the embedded database (storage is tested on both in lib/engines/fraud). */
describe('fraud analysis endpoints (SPEC 4.4 to 4.6)', () => {
  // Another integrator, and one whose user is a viewer.
  const t = withTestIntegrator({ tenants: [{}, {}, { role: 'viewer' }] });
  let cnh: { image: Buffer; cpf: string };
  beforeAll(async () => {
    // A CNH with a real face in its photo box (person01 of the datasets).
    const sample = await generate('CNH_FRENTE', 21, 'clean', { portrait: face('img1.jpg') });
    cnh = { image: sample.image, cpf: sample.truth.fields.cpf! };
  }, 60_000);

  const analyse = (json: Record<string, unknown>) => call(analysis, '/services/api/v1/fraud/analysis/json', { headers: t.auth, json });

  it('4.4: reads the document, finds its portrait, numbers the analyses, and answers in the documented shape', async () => {
    const r = await analyse({ cpf: cnh.cpf, imageFront: b64(cnh.image), customerId: 'cliente-42' });
    expect(r.status).toBe(200);
    const body = fraudAnalysisSchema.parse(r.data);
    expect(body.extractResult.ocr.typeRecognized).toBe('CNH_FRENTE');
    expect(body.scoreResult.hardStop).toBe(false);
    expect(body.scoreResult.cpf).toBe(Number(cnh.cpf)); // SPEC: number-like
    expect(body.scoreResult.customerId).toBe('cliente-42');
    expect(body.scoreResult.statistics.methodName).toBe('fraud.analysis');
    expect(body.scoreResult.statistics.totalTime).toBeGreaterThan(0);
    expect(body.scoreResult.score).toBe(100 - body.scoreResult.penalties.reduce((s, p) => s + p.rulesPenalty, 0));
    expect(body.faceMatchResult.faceCrop).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.faceMatchResult.compared).toBe(false);
    const again = await analyse({ cpf: cnh.cpf, imageFront: b64(cnh.image) });
    expect(again.data.scoreResult.statistics.batchId).toBe(body.scoreResult.statistics.batchId + 1);
    // Deterministic: same input, same score and penalties.
    expect(again.data.scoreResult.penalties).toEqual(body.scoreResult.penalties);
  }, 60_000);

  it('stops on a CPF that differs from the document, one that fails its check digits, and a deny-listed one', async () => {
    const other = await analyse({ cpf: OTHER_CPF, imageFront: b64(cnh.image) });
    expect(other.data.scoreResult.hardStop).toBe(true);
    expect(other.data.scoreResult.penalties.map((p: { rulesName: string }) => p.rulesName)).toContain('CPF_DIVERGENTE');
    const invalid = await analyse({ cpf: '52998224724', imageFront: b64(cnh.image) });
    expect(invalid.status).toBe(200);
    expect(invalid.data.scoreResult.penalties.map((p: { rulesName: string }) => p.rulesName)).toContain('CPF_INVALIDO');
    expect((await analyse({ cpf: '123', imageFront: b64(cnh.image) })).status).toBe(400);

    const put = await call(deny, `/services/api/v1/fraud/deny-list/${cnh.cpf}`, { method: 'PUT', headers: t.auth, json: { reason: 'chargeback' }, params: { cpf: cnh.cpf } });
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ cpf: cnh.cpf, reason: 'chargeback' });
    expect((await call(listDeny, '/services/api/v1/fraud/deny-list', { headers: t.auth })).data.items.map((x: { cpf: string }) => x.cpf)).toEqual([cnh.cpf]);
    const blocked = await analyse({ cpf: cnh.cpf, imageFront: b64(cnh.image) });
    const penalty = blocked.data.scoreResult.penalties.find((p: { rulesName: string }) => p.rulesName === 'CPF_BLOQUEADO');
    expect(penalty).toMatchObject({ hardStop: true });
    expect(penalty.message).toContain('chargeback');
    expect((await call(allow, `/services/api/v1/fraud/deny-list/${cnh.cpf}`, { method: 'DELETE', headers: t.auth, params: { cpf: cnh.cpf } })).status).toBe(204);
    expect((await call(allow, `/services/api/v1/fraud/deny-list/${cnh.cpf}`, { method: 'DELETE', headers: t.auth, params: { cpf: cnh.cpf } })).status).toBe(404);
    // Another integrator's list is its own.
    const stranger = t.otherAuth;
    expect((await call(listDeny, '/services/api/v1/fraud/deny-list', { headers: stranger })).data.items).toEqual([]);
  }, 120_000);

  it('applies rule weights per rulesGroup, and only an admin changes them', async () => {
    const set = await call(putRule, '/services/api/v1/fraud/rules/CPF_DIVERGENTE', { method: 'PUT', headers: t.auth, json: { rulesGroup: 'pj', weight: 30, enabled: null }, params: { ruleName: 'CPF_DIVERGENTE' } });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ name: 'CPF_DIVERGENTE', weight: 30, defaultWeight: 100, hardStop: true, enabled: true });
    const rules = await call(listRules, '/services/api/v1/fraud/rules?rulesGroup=pj', { headers: t.auth });
    expect(rules.data.find((r: { name: string }) => r.name === 'CPF_DIVERGENTE').weight).toBe(30);
    const general = (await call(listRules, '/services/api/v1/fraud/rules', { headers: t.auth })).data;
    expect(general.find((r: { name: string }) => r.name === 'CPF_DIVERGENTE').weight).toBe(100);
    const inGroup = await analyse({ cpf: OTHER_CPF, imageFront: b64(cnh.image), rulesGroup: 'pj' });
    expect(inGroup.data.scoreResult.penalties.find((p: { rulesName: string }) => p.rulesName === 'CPF_DIVERGENTE').rulesPenalty).toBe(30);
    expect((await call(putRule, '/services/api/v1/fraud/rules/NAO_EXISTE', { method: 'PUT', headers: t.auth, json: { weight: 1, enabled: null }, params: { ruleName: 'NAO_EXISTE' } })).status).toBe(400);
    const forbidden = await call(putRule, '/services/api/v1/fraud/rules/CPF_DIVERGENTE', { method: 'PUT', headers: t.auths[2]!, json: { weight: 1, enabled: null }, params: { ruleName: 'CPF_DIVERGENTE' } });
    expect(forbidden.status).toBe(403);
  }, 60_000);

  it('4.5: matches the selfie with the portrait, refuses another person, and says when there is nothing to compare', async () => {
    const same = await call(facematch, '/services/api/v1/fraud/analysis/facematch/json', { headers: t.auth, json: { cpf: cnh.cpf, imageFront: b64(cnh.image), imageSelfie: b64(face('img2.jpg')) } });
    expect(same.status).toBe(200);
    expect(same.data.faceMatchResult).toMatchObject({ match: true, compared: true });
    expect(same.data.scoreResult.statistics.methodName).toBe('fraud.analysis.facematch');
    const identities = fs.readFileSync(path.join(facesDir(), 'identities.csv'), 'utf8');
    const stranger = identities.split('\n').find((l) => l.endsWith(',person02'))!.split(',')[0]!;
    const other = await call(facematch, '/services/api/v1/fraud/analysis/facematch/json', { headers: t.auth, json: { cpf: cnh.cpf, imageFront: b64(cnh.image), imageSelfie: b64(fs.readFileSync(path.join(facesDir(), stranger))) } });
    expect(other.data.faceMatchResult).toMatchObject({ match: false, compared: true });
    expect(other.data.scoreResult.penalties.find((p: { rulesName: string }) => p.rulesName === 'FACE_DIVERGENTE')).toMatchObject({ hardStop: true });
    const alone = await call(facematch, '/services/api/v1/fraud/analysis/facematch/json', { headers: t.auth, json: { cpf: OTHER_CPF, imageSelfie: b64(face('img2.jpg')) } });
    expect(alone.status).toBe(200);
    expect(alone.data.scoreResult.penalties.map((p: { rulesName: string }) => p.rulesName)).toContain('SEM_REFERENCIA_FACIAL');
    expect(alone.data.extractResult.ocr.errorMessage).toBe('no_document_sent');
  }, 120_000);

  it('4.6: takes multipart parts, and refuses a file in a text part, another body type and a GIF', async () => {
    const form = new FormData();
    form.set('cpf', cnh.cpf);
    form.set('imageFront', new Blob([new Uint8Array(cnh.image)], { type: 'image/jpeg' }), 'cnh.jpg');
    form.set('imageSelfie', new Blob([new Uint8Array(face('img2.jpg'))], { type: 'image/jpeg' }), 'selfie.jpg');
    const ok = await call(multipart, '/services/api/v1/fraud/analysis/facematch', { headers: t.auth, body: form });
    expect(ok.status).toBe(200);
    expect(ok.data.faceMatchResult.match).toBe(true);

    const bad = new FormData();
    bad.set('cpf', new Blob(['52998224725'], { type: 'text/plain' }), 'cpf.txt');
    bad.set('imageFront', new Blob([new Uint8Array(cnh.image)], { type: 'image/jpeg' }), 'cnh.jpg');
    bad.set('imageSelfie', new Blob([new Uint8Array(face('img2.jpg'))], { type: 'image/jpeg' }), 'selfie.jpg');
    const filePart = await call(multipart, '/services/api/v1/fraud/analysis/facematch', { headers: t.auth, body: bad });
    expect(filePart.status).toBe(422);
    expect(filePart.data.code).toBe('invalid_part');

    const asJson = await call(multipart, '/services/api/v1/fraud/analysis/facematch', { headers: t.auth, json: { cpf: cnh.cpf } });
    expect(asJson.status).toBe(415);

    const gif = new FormData();
    gif.set('cpf', cnh.cpf);
    gif.set('imageFront', new Blob([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')], { type: 'image/jpeg' }), 'x.jpg');
    gif.set('imageSelfie', new Blob([new Uint8Array(face('img2.jpg'))], { type: 'image/jpeg' }), 'selfie.jpg');
    const wrongType = await call(multipart, '/services/api/v1/fraud/analysis/facematch', { headers: t.auth, body: gif });
    expect(wrongType.status).toBe(415);
    expect(wrongType.data.detail).toMatch(/GIF/);
  }, 120_000);
});
