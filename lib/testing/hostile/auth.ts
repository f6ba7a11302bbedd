import fc from 'fast-check';
import type { Contract } from '../../platform/http/contract';
import { headerSafe, hostileShortString } from './strings';
import type { World } from './world';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Tokens that look like ours and are not: unsigned, re-signed, tampered, for another scope. */
function forgedTokens(world: World): string[] {
  const [header, payload, signature] = world.servicesToken.replace(/^Bearer /, '').split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const elevated = b64url({ ...claims, tid: world.b.integratorId, scope: 'services import' });
  return [
    `${b64url({ alg: 'none', typ: 'JWT' })}.${elevated}.`,
    `${b64url({ alg: 'HS256', typ: 'JWT' })}.${elevated}.${b64url('x')}`,
    `${header}.${elevated}.${signature}`,
    `${header}.${payload}.${signature!.slice(0, -4)}AAAA`,
    `${header}.${payload}`,
    'a.b.c',
  ];
}

/** Headers of a caller with the right credentials for this contract (A's), or none. */
export function validAuth(contract: Contract | undefined, world: World): Record<string, string> {
  if (contract?.auth === 'bearer') return { authorization: contract.scope === 'import' ? world.importToken : world.servicesToken };
  if (contract?.auth === 'apiKey') return { 'x-api-key': world.a.apiKey };
  return {};
}

/** Missing, malformed, forged or misplaced credentials. */
export function hostileAuth(contract: Contract | undefined, world: World): fc.Arbitrary<{ label: string; headers: Record<string, string> }> {
  const wrongScope = contract?.scope === 'import' ? world.servicesToken : world.importToken;
  const garbage = hostileShortString.map(headerSafe);
  return fc.oneof(
    fc.constant({ label: 'no credentials', headers: {} }),
    fc.constant({ label: 'token of the other scope', headers: { authorization: wrongScope } }),
    fc.constantFrom(...forgedTokens(world)).map((t) => ({ label: `forged token ${t.slice(0, 24)}…`, headers: { authorization: `Bearer ${t}` } })),
    fc.constantFrom('Bearer', 'Bearer ', 'bearer  x', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'a'.repeat(100_000)}`, 'Bearer ====', 'Digest x').map((v) => ({ label: `authorization ${v.slice(0, 30)}`, headers: { authorization: v } })),
    garbage.map((g) => ({ label: 'authorization garbage', headers: { authorization: `Bearer ${g}` } })),
    garbage.map((g) => ({ label: 'x-api-key garbage', headers: { 'x-api-key': g } })),
    fc.constant({ label: 'huge x-api-key', headers: { 'x-api-key': `atk_${'x'.repeat(64_000)}` } }),
    fc.constant({ label: "another tenant's api key as a bearer token", headers: { authorization: `Bearer ${world.b.apiKey}` } }),
    garbage.map((g) => ({ label: 'step cookie garbage', headers: { cookie: `atesta_step=${g}; atesta_step=${g}` } })),
  );
}
