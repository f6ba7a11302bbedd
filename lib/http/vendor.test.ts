import { describe, expect, it } from 'vitest';
import { vendorFile } from './vendor';

describe('vendor files', () => {
  it('serves an allowlisted file', async () => {
    const res = await vendorFile('human/models/blazeface.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('answers 404 problem+json for names of Object.prototype members (they used to throw, a 500)', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '../package.json']) {
      const res = await vendorFile(name);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });
});
