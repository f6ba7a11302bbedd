import type { Metadata } from 'next';
import { asJson } from '@/components/console/consoleApi';
import { SigningSecret } from '@/components/console/webhooks/SigningSecret';
import { WebhookEndpoints } from '@/components/console/webhooks/WebhookEndpoints';
import { WebhookLog } from '@/components/console/webhooks/WebhookLog';
import { listEndpoints, listEvents, WEBHOOK_EVENT_TYPES } from '@/lib/delivery/webhooks';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Webhooks');
}

export default async function ConsoleWebhooksPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const isAdmin = user.role === 'admin';
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Webhooks')}</h1>
      <div className="space-y-6">
        {isAdmin ? <SigningSecret /> : <p className="text-sm text-slate-700">{t('Only admins see, redeliver and rotate: you can read the log.')}</p>}
        <WebhookEndpoints eventTypes={WEBHOOK_EVENT_TYPES} initial={asJson(await listEndpoints(user.integratorId))} canEdit={isAdmin} />
        <WebhookLog eventTypes={WEBHOOK_EVENT_TYPES} firstPage={asJson(await listEvents(user.integratorId, { limit: 20 }))} canRedeliver={isAdmin} />
      </div>
    </>
  );
}
