import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../platform/config';
import { stopWorkers } from '../../platform/jobs';
import { startServiceWorkers } from '../../ops/workers';
import { call, facesDir, type SeededIntegrator } from '../../testing';
import { withTestIntegrator, type TestIntegrator } from '../../testing/fixture';
import { fraudCase, type Faces, type FraudCase } from '@/scripts/synth/fraud';
import { POST as tokenApi } from '@/app/oauth/token/route';
import { POST as createApi } from '@/app/import/import-doc/create-batch/route';
import { GET as batchApi } from '@/app/import/import-doc/batch/[batchId]/route';
import { PUT as workflowApi, DELETE as deleteWorkflowApi } from '@/app/services/api/v1/import/workflows/[alias]/route';
import { GET as workflowsApi } from '@/app/services/api/v1/import/workflows/route';

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const b64 = (b: Buffer) => b.toString('base64');
const FINAL = ['DONE', 'PARTIAL', 'FAILED'];

describe('batch import', () => {
  // The back office, one whose client lacks the import scope, another integrator, and one with nothing set up.
  const ctx = withTestIntegrator({ tenants: [{}, { clientScope: 'services' }, {}, {}], clientScope: 'import', receiver: () => ({ status: 200 }) });
  let a: SeededIntegrator;
  let importDir: string;
  let receiver: TestIntegrator['receiver'];
  let cnh: FraudCase;
  let cin: FraudCase;

  beforeAll(async () => {
    importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-import-'));
    fs.mkdirSync(path.join(importDir, 'root'));
    Object.assign(process.env, { IMPORT_DIR: path.join(importDir, 'root') });
    resetConfig();
    ({ tenant: a, receiver } = ctx);
    const faces: Faces = { owner: face('img38.jpg'), ownerSelfie: face('img39.jpg'), other: face('img24.jpg') };
    for (let i = 0; !cnh || !cin; i++) {
      const c = await fraudCase('clean', i, faces);
      if (c.type === 'CNH_FRENTE') cnh ??= c;
      if (c.type === 'CIN_FRENTE') cin ??= c;
    }
    fs.mkdirSync(path.join(importDir, 'root', 'lote 1'));
    fs.writeFileSync(path.join(importDir, 'root', 'lote 1', 'cin.jpg'), cin.image);
    fs.writeFileSync(path.join(importDir, 'secret.jpg'), cnh.image);
    fs.symlinkSync(path.join(importDir, 'secret.jpg'), path.join(importDir, 'root', 'escape.jpg'));
    const put = await call(workflowApi, '/x', {
      method: 'PUT',
      json: { expectedTypes: ['CNH', 'CIN'], checklist: { checklistCode: 'KYC', checklistVersion: 2 }, webhookUrl: `${receiver.url}/batches`, webhookBasicAuth: 'bo:pw' },
      headers: ctx.auth,
      params: { alias: 'abertura-conta' },
    });
    expect(put.status, put.text).toBe(200);
    await startServiceWorkers();
  }, 120_000);
  afterAll(async () => {
    await stopWorkers();
    fs.rmSync(importDir, { recursive: true, force: true });
    delete process.env.IMPORT_DIR;
    resetConfig();
  });

  /** OAuth 2.0 client_credentials, as a back office gets its token. */
  async function importAuth(t: SeededIntegrator) {
    const res = await call(tokenApi, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: t.clientId, client_secret: t.clientSecret } });
    expect(res.status).toBe(200);
    return { authorization: `Bearer ${res.data.access_token}` };
  }
  const create = async (json: unknown, headers?: Record<string, string>) => call(createApi, '/import/import-doc/create-batch', { json, headers: headers ?? (await importAuth(a)) });
  async function settle(batchId: string, headers: Record<string, string>, ms = 180_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await call(batchApi, `/import/import-doc/batch/${batchId}`, { headers, params: { batchId } });
      if (FINAL.includes(r.data.status) || Date.now() > deadline) return r.data;
      await new Promise((res) => setTimeout(res, 500));
    }
  }

  it('client_credentials -> create-batch -> each document analysed -> GET shows results; a bad document does not sink the batch (PARTIAL); batch.completed', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const headers = await importAuth(a);
    const body = {
      workflowAlias: 'abertura-conta',
      batchExternalId: 'lote-2026-001',
      batchOrigin: 'backoffice',
      siteAlias: 'agencia-12',
      keys: [{ key: 'contrato', value: 'C-991', externalKey: true, tablekeys: [{ key: 'produto', value: 'conta' }] }],
      externalKeys: { crm: { id: 77 } },
      batchActivitys: [{ activityType: 1, activityExternalId: 'A-1', checklist: { checklistCode: 'KYC', checklistVersion: 2, checklistGroup: 'pf' } }],
      docs: [
        { fileName: 'cnh.jpg', fileResource: `data:image/jpeg;base64,${b64(cnh.image)}`, typeAlias: 'CNH', externalId: 'd-1', keys: [{ key: 'lado', value: 'frente' }] },
        { fileName: 'cin.jpg', filePath: 'lote 1/cin.jpg', typeAlias: 'CIN_FRENTE', externalId: 'd-2' },
        { fileName: 'foto.gif', fileResource: b64(gif), externalId: 'd-3' },
        { fileName: 'cnh-as-rg.jpg', fileResource: b64(cnh.image), typeAlias: 'RG', externalId: 'd-4' },
      ],
    };
    const res = await create(body, headers);
    expect(res.status, res.text).toBe(201);
    expect(res.data).toEqual({ message: expect.any(String), batchId: expect.any(String) });
    const batch = await settle(res.data.batchId, headers);
    expect(batch.status).toBe('PARTIAL');
    expect(batch.counts).toEqual({ total: 4, pending: 0, done: 2, rejected: 2, failed: 0 });
    const [d1, d2, d3, d4] = batch.docs;
    expect(d1).toMatchObject({ position: 0, fileName: 'cnh.jpg', externalId: 'd-1', status: 'DONE', typeRecognized: 'CNH_FRENTE', contentType: 'image/jpeg', qtdePages: 1, rejectCode: null, keys: [{ key: 'lado', value: 'frente' }] });
    expect(d1.fileSize).toBe(cnh.image.length);
    expect(d1.ocr.fields.find((f: { key: string }) => f.key === 'cpf')?.value).toBe(cnh.truth.fields.cpf);
    expect(d2).toMatchObject({ status: 'DONE', typeRecognized: 'CIN_FRENTE' });
    expect(d3).toMatchObject({ status: 'REJECTED', rejectCode: 'UNSUPPORTED_MEDIA_TYPE', docRejectPhase: 1 });
    expect(d3.rejectReason).toMatch(/GIF/);
    expect(d4).toMatchObject({ status: 'REJECTED', rejectCode: 'TYPE_MISMATCH', docRejectPhase: 2 });

    const deadline = Date.now() + 20_000;
    const hooks = () => receiver.calls.filter((c) => JSON.parse(c.body).data?.batchId === res.data.batchId);
    while (hooks().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(hooks()).toHaveLength(1);
    const hook = JSON.parse(hooks()[0]!.body);
    expect(hook).toMatchObject({ type: 'batch.completed', data: { status: 'PARTIAL', counts: batch.counts } });
    expect(hooks()[0]!.headers.authorization).toBe(`Basic ${Buffer.from('bo:pw').toString('base64')}`);
    expect(hooks()[0]!.body).not.toContain(b64(cnh.image).slice(0, 200));

    // The token must carry the import scope; another integrator sees nothing.
    const servicesOnly = ctx.tenants[1]!;
    const refused = await call(batchApi, '/x', { headers: await importAuth(servicesOnly), params: { batchId: res.data.batchId } });
    expect(refused.status).toBe(403);
    expect(refused.data.code).toBe('insufficient_scope');
    const b = ctx.tenants[2]!;
    expect((await call(batchApi, '/x', { headers: await importAuth(b), params: { batchId: res.data.batchId } })).status).toBe(404);

    // Idempotency on batchExternalId: the same content is the same batch; other content is 409 naming it.
    const again = await create(body, headers);
    expect(again.status).toBe(201);
    expect(again.data.batchId).toBe(res.data.batchId);
    const changed = await create({ ...body, siteAlias: 'agencia-13' }, headers);
    expect(changed.status).toBe(409);
    expect(changed.data).toMatchObject({ code: 'batch_exists', batchId: res.data.batchId });
  }, 240_000);

  it('works with nothing set up: no workflowAlias means the built-in `default`; SPEC zone-less timestamps are São Paulo time, an offset is honoured', async () => {
    const fresh = ctx.tenants[3]!;
    const admin = ctx.auths[3]!;
    const workflows = await call(workflowsApi, '/x', { headers: admin });
    expect(workflows.data.items).toEqual([expect.objectContaining({ alias: 'default', expectedTypes: [], webhookUrl: null })]);
    expect((await call(deleteWorkflowApi, '/x', { method: 'DELETE', headers: admin, params: { alias: 'default' } })).status).toBe(204);

    const headers = await importAuth(fresh);
    const badDate = await create({ batchExternalId: 'tz-bad', docs: [{ fileName: 'a.jpg', fileResource: b64(cnh.image), docActivitys: [{ activityLimit: '25/11/2026 10:00' }] }] }, headers);
    expect(badDate.status).toBe(400);
    expect(badDate.data.errors[0]).toMatchObject({ pointer: '/docs/0/docActivitys/0/activityLimit', message: expect.stringMatching(/São Paulo/) });
    const res = await create(
      {
        batchExternalId: 'tz-1',
        batchActivitys: [{ activityType: 1, activityCreateddate: '2026-11-25T10:00:00' }],
        docs: [{ fileName: 'cnh.jpg', fileResource: b64(cnh.image), docActivitys: [{ activityType: 2, activityCreateddate: '2026-11-25T10:00:00', activityLimit: '2026-11-26T12:00:00Z', activityFinished: '2026-11-25T10:30:00.500-02:00' }] }],
      },
      headers,
    );
    expect(res.status, res.text).toBe(201);
    const batch = await settle(res.data.batchId, headers);
    expect(batch).toMatchObject({ workflowAlias: 'default', status: 'DONE' });
    expect(batch.docs[0].docActivitys).toEqual([{ activityType: 2, activityCreateddate: '2026-11-25T10:00:00-03:00', activityLimit: '2026-11-26T12:00:00Z', activityFinished: '2026-11-25T10:30:00.500-02:00' }]);
  }, 120_000);

  it('reads with the background budget: a synchronous budget too short to read anything does not reject the document as not recognised', async () => {
    // 200 ms stops a synchronous reading of this CNH at 320 ms, before its first page reading ends.
    process.env.DOCUMENT_TIME_BUDGET_MS = '200';
    resetConfig();
    try {
      const headers = await importAuth(ctx.tenants[3]!);
      const res = await create({ batchExternalId: 'busy-1', docs: [{ fileName: 'cnh.jpg', fileResource: b64(cnh.image) }] }, headers);
      expect(res.status, res.text).toBe(201);
      const batch = await settle(res.data.batchId, headers);
      expect(batch.docs[0], JSON.stringify(batch.docs[0])).toMatchObject({ status: 'DONE', typeRecognized: 'CNH_FRENTE' });
    } finally {
      process.env.DOCUMENT_TIME_BUDGET_MS = '120000';
      resetConfig();
    }
  }, 120_000);

  it('unknown workflow is 422; missing required fields are 400; over the document limit is 422', async () => {
    const doc = { fileName: 'x.jpg', fileResource: b64(cnh.image) };
    const unknown = await create({ workflowAlias: 'nao-existe', batchExternalId: 'l-x', docs: [doc] });
    expect(unknown.status).toBe(422);
    expect(unknown.data.code).toBe('unknown_workflow');
    expect((await create({ workflowAlias: 'abertura-conta', docs: [doc] })).status).toBe(400);
    expect((await create({ workflowAlias: 'abertura-conta', batchExternalId: 'l-y', docs: [] })).status).toBe(400);
    expect((await create({ workflowAlias: 'abertura-conta', batchExternalId: 'l-y', docs: [{ fileResource: b64(cnh.image) }] })).status).toBe(400);
    const many = await create({ workflowAlias: 'abertura-conta', batchExternalId: 'l-z', docs: Array.from({ length: 101 }, (_, i) => ({ fileName: `${i}.jpg`, filePath: 'x.jpg' })) });
    expect(many.status).toBe(422);
    expect(many.data.code).toBe('too_many_documents');
    const noName = await create({ workflowAlias: 'abertura-conta', batchExternalId: 'l-n', docs: [doc, { fileResource: b64(cnh.image) }] });
    expect(noName.status).toBe(400);
    expect(noName.data.errors[0].pointer).toBe('/docs/1/fileName');
  });

  it('the body is parsed as it streams: truncated or non-object JSON is 400, over the byte limit 413, and nothing stays stored', async () => {
    const headers = { ...(await importAuth(a)), 'content-type': 'application/json' };
    const d = await (await import('../../platform/db')).getDb();
    const { storedObjects } = (await import('../../platform/db')).schema;
    const before = (await d.select().from(storedObjects)).length;
    const full = JSON.stringify({ docs: [{ fileName: 'a.jpg', fileResource: b64(cnh.image) }, { fileName: 'b.jpg', fileResource: b64(cnh.image) }], workflowAlias: 'abertura-conta', batchExternalId: 'l-trunc' });
    const truncated = await call(createApi, '/import/import-doc/create-batch', { body: full.slice(0, full.length - 40), headers });
    expect(truncated.status).toBe(400);
    expect(truncated.data.code).toBe('malformed_json');
    expect((await call(createApi, '/import/import-doc/create-batch', { body: '[1,2]', headers })).status).toBe(400);
    expect((await call(createApi, '/import/import-doc/create-batch', { body: full, headers: { ...headers, 'content-type': 'text/plain' } })).status).toBe(415);
    // Documents first, then an unknown workflow: refused, and the files already sealed are removed.
    const late = await call(createApi, '/import/import-doc/create-batch', { body: full.replace('abertura-conta', 'nenhum'), headers });
    expect(late.status).toBe(422);
    process.env.IMPORT_MAX_BODY_BYTES = String(Math.floor(full.length / 2));
    resetConfig();
    try {
      const big = await call(createApi, '/import/import-doc/create-batch', { body: full, headers });
      expect(big.status).toBe(413);
    } finally {
      delete process.env.IMPORT_MAX_BODY_BYTES;
      resetConfig();
    }
    expect((await d.select().from(storedObjects)).length).toBe(before);
  });

  it('filePath never leaves the import directory: ../, absolute paths and symlinks out are refused per document', async () => {
    const headers = await importAuth(a);
    const res = await create(
      {
        workflowAlias: 'abertura-conta',
        batchExternalId: 'lote-traversal',
        docs: [
          { fileName: 'a', filePath: '../secret.jpg' },
          { fileName: 'b', filePath: path.join(importDir, 'secret.jpg') },
          { fileName: 'c', filePath: 'escape.jpg' },
          { fileName: 'd', filePath: 'lote 1/../../secret.jpg' },
          { fileName: 'e', filePath: '../nao-existe.jpg' },
          { fileName: 'f', filePath: 'nao-existe.jpg' },
        ],
      },
      headers,
    );
    expect(res.status).toBe(201);
    const batch = await settle(res.data.batchId, headers);
    expect(batch.status).toBe('FAILED');
    expect(batch.docs.map((d: { rejectCode: string }) => d.rejectCode)).toEqual(['PATH_NOT_ALLOWED', 'PATH_NOT_ALLOWED', 'PATH_NOT_ALLOWED', 'PATH_NOT_ALLOWED', 'PATH_NOT_ALLOWED', 'FILE_NOT_FOUND']);
    expect(batch.docs.every((d: { docRejectPhase: number; ocr: unknown }) => d.docRejectPhase === 1 && d.ocr === null)).toBe(true);
  });

  it('a batch of 100 small documents completes', async () => {
    const headers = await importAuth(a);
    // What is checked is that every one of 100 documents reaches its end, in order (the first test follows a real
    // document to DONE): a small picture that is no document, which the engine turns away quickly, keeps CI short.
    const small = await sharp({ create: { width: 480, height: 300, channels: 3, background: '#d8d4c8' } }).jpeg({ quality: 80 }).toBuffer();
    const res = await create(
      { workflowAlias: 'abertura-conta', batchExternalId: 'lote-100', docs: Array.from({ length: 100 }, (_, i) => ({ fileName: `doc-${i}.jpg`, fileResource: b64(small), externalId: `e-${i}` })) },
      headers,
    );
    expect(res.status, res.text).toBe(201);
    const batch = await settle(res.data.batchId, headers, 600_000);
    expect(FINAL).toContain(batch.status);
    expect(batch.counts.total).toBe(100);
    expect(batch.counts.pending).toBe(0);
    expect(batch.docs.map((d: { externalId: string }) => d.externalId)).toEqual(Array.from({ length: 100 }, (_, i) => `e-${i}`));
    expect(batch.counts.done + batch.counts.rejected).toBe(100);
    expect(batch.docs.every((d: { status: string; rejectCode: string | null }) => d.status === 'DONE' || d.rejectCode !== null)).toBe(true);
  }, 660_000);
});
