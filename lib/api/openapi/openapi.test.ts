import { describe, expect, it } from 'vitest';
import { allContracts, openApiDocument } from '.';

describe('OpenAPI documents', () => {
  it('are OpenAPI 3.1 and list each contract under its base', () => {
    for (const base of ['services', 'onboarding', 'import'] as const) {
      const doc = openApiDocument(base, 'https://atesta.example') as { openapi: string; paths?: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toBe('3.1.0');
      for (const c of allContracts.filter((c) => c.bases.includes(base))) {
        expect(doc.paths?.[c.path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
      }
    }
  });

  it('derive request bodies from the zod schemas and document problem responses', () => {
    const doc = openApiDocument('services', 'https://atesta.example') as any;
    const op = doc.paths['/services/api/v1/authentication'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.$ref ?? body).toBeTruthy();
    const login = doc.components.schemas.AuthenticationRequest;
    expect(login.required).toEqual(['username', 'password']);
    expect(op.responses['401'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    const token = doc.components.schemas.TokenResponse;
    expect(Object.keys(token.properties)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'refresh_expires_in', 'session_state', 'scope']);
  });

  it('has unique operation ids', () => {
    const ids = allContracts.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('give every request body and success response an example, and every JSON request example passes its own contract', () => {
    const problems: string[] = [];
    for (const base of ['services', 'onboarding', 'import'] as const) {
      const doc = openApiDocument(base, 'https://atesta.example') as any;
      for (const c of allContracts.filter((c) => c.bases.includes(base))) {
        const op = doc.paths[c.path][c.method.toLowerCase()];
        for (const [ct, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
          if (media.example === undefined) problems.push(`${c.operationId}: no ${ct} request example`);
          else if (ct === 'application/json' && c.body && (c.body.kind ?? 'json') === 'json') {
            const parsed = c.body.schema.safeParse(media.example);
            if (!parsed.success) problems.push(`${c.operationId}: request example fails its schema: ${JSON.stringify(parsed.error.issues[0])}`);
          }
        }
        for (const [status, r] of Object.entries<any>(op.responses)) {
          if (!status.startsWith('2')) continue;
          for (const [ct, media] of Object.entries<any>(r.content ?? {})) if (media.example === undefined) problems.push(`${c.operationId}: no ${status} ${ct} example`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
