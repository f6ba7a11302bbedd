import { describe, expect, it } from 'vitest';
import { getDb, schema } from '@/lib/platform/db';
import { withTestIntegrator } from '@/lib/testing/fixture';
import { loadTemplate, storeTemplate } from './media';

describe('the face template an onboarding keeps for its enrolment', () => {
  const ctx = withTestIntegrator();

  it('keeps whether it was described from a printed portrait, so the face index compares it on its scale', async () => {
    const db = await getDb();
    for (const printed of [true, false]) {
      const [row] = await db.insert(schema.onboardings).values({ integratorId: ctx.tenant.integratorId }).returning({ id: schema.onboardings.id });
      const descriptor = Array.from({ length: 128 }, (_, i) => (i % 7) / 10 - 0.3);
      await (await storeTemplate(row!.id, { descriptor, printed }))(db);
      const back = await loadTemplate(row!.id);
      expect(back?.printed).toBe(printed);
      expect(back?.descriptor.map((v) => Number(v.toFixed(5)))).toEqual(descriptor.map((v) => Number(v.toFixed(5))));
    }
  });
});
