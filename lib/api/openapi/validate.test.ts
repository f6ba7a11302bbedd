import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '.';

// An external validator (the OpenAPI Initiative's 3.1 JSON Schema), not our own reading of the spec.
describe('OpenAPI documents pass an external validator', () => {
  it.each(['services', 'onboarding', 'import'] as const)('%s is a valid OpenAPI 3.1 document, served at PUBLIC_URL', async (base) => {
    const document = openApiDocument(base, 'https://id.example.com') as { servers: { url: string }[] };
    expect(document.servers).toEqual([{ url: 'https://id.example.com' }]);
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});
