import * as auth from '../../platform/auth';
import { randomToken } from '../../platform/crypto';
import { getDb } from '../../platform/db';
import { appOriginSchema } from '../../api/contracts/settings';
import { AppError } from '../../platform/errors';
import { updateSettings } from '../../platform/settings';

export interface AdminOptions {
  json?: boolean;
  name?: string;
  integrator?: string;
  username?: string;
  password?: string;
  role?: string;
  scope?: string;
  appOrigin?: string;
  help?: boolean;
}

export interface AdminOutput {
  data: unknown;
  text: string;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <resource> <action> [options] [--json]

  integrator create --name NAME [--username U] [--password P] [--app-origin URL]
                                                  new tenant (+ admin user and API key)
  integrator list
  integrator set-app-origin ID URL|none           origin that appRedirect paths (/done) resolve against
  integrator disable|enable ID
  integrator rotate-webhook-secret ID
  user create --integrator ID --username U [--password P] [--role admin|analyst|viewer]
  user list --integrator ID
  user set-password USERNAME [--password P]
  user revoke USERNAME
  apikey create --integrator ID [--name NAME]
  apikey list --integrator ID
  apikey revoke|rotate KEY_ID
  client create --integrator ID [--name NAME] [--scope "import services"]
  client list --integrator ID
  client revoke|rotate CLIENT_ID
  keys rotate                  new JWT signing key (old ones keep verifying)
  keys retire                  stop verifying with all but the newest key

Secrets (passwords, API keys, client secrets, webhook secrets) are shown once.`;

const usage = (detail: string) => new AppError(400, 'usage', `${detail}\n\n${ADMIN_USAGE}`);

function need(value: string | undefined, flag: string): string {
  if (!value) throw usage(`Missing ${flag}.`);
  return value;
}

function appOrigin(value: string): string {
  const parsed = appOriginSchema.safeParse(value);
  if (!parsed.success) throw usage(`The app origin ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
  return parsed.data;
}

const ROLES = ['admin', 'analyst', 'viewer'] as const;
function role(value: string | undefined): auth.Role {
  if (value === undefined) return 'admin';
  if (!(ROLES as readonly string[]).includes(value)) throw usage(`--role must be one of ${ROLES.join(', ')}.`);
  return value as auth.Role;
}

const table = (rows: Record<string, unknown>[]) =>
  rows.length === 0
    ? '(none)'
    : rows.map((r) => Object.entries(r).map(([k, v]) => `${k}=${v instanceof Date ? v.toISOString() : (v ?? '-')}`).join('  ')).join('\n');

const show = (data: Record<string, unknown>): AdminOutput => ({ data, text: table([data]) });
const list = (rows: Record<string, unknown>[]): AdminOutput => ({ data: rows, text: table(rows) });

/** Executes one admin command; the CLI prints `text`, or `data` with --json. */
export async function runAdmin(args: string[], o: AdminOptions): Promise<AdminOutput> {
  const [resource, action, target] = args;
  if (o.help || !resource) return { data: { usage: ADMIN_USAGE }, text: ADMIN_USAGE };
  const key = `${resource} ${action ?? ''}`.trim();
  switch (key) {
    case 'integrator create': {
      const username = o.username ?? `${need(o.name, '--name').toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '')}.admin`;
      const password = o.password ?? randomToken(15);
      // All or nothing: an integrator is never left without its admin or its key.
      const { integrator, user, apiKey } = await (await getDb()).transaction(async (tx) => {
        const integrator = await auth.createIntegrator(tx, need(o.name, '--name'));
        const user = await auth.createUser(tx, integrator.id, username, password, 'admin');
        const apiKey = await auth.createApiKey(tx, integrator.id, 'default');
        return { integrator, user, apiKey };
      });
      const origin = o.appOrigin ? appOrigin(o.appOrigin) : null;
      if (origin) await updateSettings(integrator.id, { appOrigin: origin });
      return show({
        appOrigin: origin,
        id: integrator.id,
        name: integrator.name,
        username: user.username,
        password,
        apiKey: apiKey.key,
        webhookSecret: integrator.webhookSecret,
      });
    }
    case 'integrator set-app-origin': {
      const id = need(target, 'ID');
      const value = need(args[3], 'URL (or none)');
      const origin = value === 'none' ? null : appOrigin(value);
      if (!(await auth.listIntegrators()).some((i) => i.id === id)) throw new AppError(404, 'not_found', `No integrator ${id}.`);
      return show({ id, appOrigin: (await updateSettings(id, { appOrigin: origin })).appOrigin });
    }
    case 'integrator list':
      return list((await auth.listIntegrators()) as unknown as Record<string, unknown>[]);
    case 'integrator disable':
    case 'integrator enable': {
      const id = need(target, 'ID');
      await auth.setIntegratorStatus(id, action === 'disable' ? 'disabled' : 'active');
      return show({ id, status: action === 'disable' ? 'disabled' : 'active' });
    }
    case 'integrator rotate-webhook-secret': {
      const id = need(target, 'ID');
      return show({ id, webhookSecret: await auth.rotateWebhookSecret(id) });
    }
    case 'user create': {
      const password = o.password ?? randomToken(15);
      const user = await auth.createUser(await getDb(), need(o.integrator, '--integrator'), need(o.username, '--username'), password, role(o.role));
      return show({ ...user, password });
    }
    case 'user list':
      return list((await auth.listUsers(need(o.integrator, '--integrator'))) as Record<string, unknown>[]);
    case 'user set-password': {
      const password = o.password ?? randomToken(15);
      await auth.setPassword(need(target, 'USERNAME'), password);
      return show({ username: target, password });
    }
    case 'user revoke':
      await auth.revokeUser(need(target, 'USERNAME'));
      return show({ username: target, revoked: true });
    case 'apikey create': {
      const created = await auth.createApiKey(await getDb(), need(o.integrator, '--integrator'), o.name ?? 'default');
      return show({ ...created });
    }
    case 'apikey list':
      return list((await auth.listApiKeys(need(o.integrator, '--integrator'))) as Record<string, unknown>[]);
    case 'apikey revoke': {
      const id = need(target, 'KEY_ID');
      await auth.revokeApiKey(id);
      return show({ id, revoked: true });
    }
    case 'apikey rotate': {
      const created = await auth.rotateApiKey(need(target, 'KEY_ID'));
      return show({ ...created, replaces: target });
    }
    case 'client create': {
      const created = await auth.createClient(need(o.integrator, '--integrator'), o.name ?? 'default', o.scope ?? 'import');
      return show({ ...created });
    }
    case 'client list':
      return list((await auth.listClients(need(o.integrator, '--integrator'))) as Record<string, unknown>[]);
    case 'client revoke': {
      const clientId = need(target, 'CLIENT_ID');
      await auth.revokeClient(clientId);
      return show({ clientId, revoked: true });
    }
    case 'client rotate':
      return show(await auth.rotateClientSecret(need(target, 'CLIENT_ID')));
    case 'keys rotate':
      return show({ kid: await auth.rotateSigningKey() });
    case 'keys retire':
      return show({ retired: await auth.retireOldSigningKeys() });
    default:
      throw usage(`Unknown command: ${key}.`);
  }
}
