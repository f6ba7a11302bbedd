import { beforeAll, describe, expect, it } from 'vitest';
import { withTestIntegrator } from '../../testing/fixture';
import { createBatch, putWorkflow } from '.';

const body = (text: string) => new Response(text).body;

describe('create-batch: hostile bodies are 400, quickly', () => {
  const ctx = withTestIntegrator({ clientScope: 'import' });
  beforeAll(async () => {
    await putWorkflow(ctx.tenant.integratorId, 'wf', { expectedTypes: [] });
  });

  it('refuses nesting past 64 levels at once (100 000 levels used to take 20 s)', async () => {
    const started = performance.now();
    const deep = '{"externalKeys":' + '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000) + '}';
    await expect(createBatch(ctx.tenant.integratorId, body(deep))).rejects.toMatchObject({ status: 400, code: 'malformed_json' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a NUL in the workflow alias or in a document with 400 (they reached PostgreSQL: 500)', async () => {
    const doc = { fileName: 'a.jpg', fileResource: 'AAAA' };
    await expect(createBatch(ctx.tenant.integratorId, body(JSON.stringify({ workflowAlias: 'w\u0000f', batchExternalId: 'b1', docs: [doc] })))).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(createBatch(ctx.tenant.integratorId, body(JSON.stringify({ workflowAlias: 'wf', batchExternalId: 'b2', docs: [{ ...doc, fileName: 'a\u0000.jpg' }] })))).rejects.toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ pointer: '/docs/0/fileName' })],
    });
  });
});
