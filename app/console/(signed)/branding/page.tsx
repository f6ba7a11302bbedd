import type { Metadata } from 'next';
import { BrandingEditor } from '@/components/console/branding/BrandingEditor';
import { getConfig } from '@/lib/platform/config';
import { maskPhone } from '@/lib/delivery/notify';
import { brandingFor, logoPath } from '@/lib/platform/settings';
import { MAX_FAILED_ATTEMPTS, MAX_RESENDS } from '@/lib/processes/steps';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Branding');
}

export default async function BrandingPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const b = await brandingFor(user.integratorId);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('Branding')}</h1>
      <BrandingEditor
        initial={{
          displayName: b.displayName ?? '',
          primaryColor: b.primaryColor ?? '',
          supportText: b.supportText ?? '',
          privacyUrl: b.privacyUrl ?? '',
          termsUrl: b.termsUrl ?? '',
          smsSender: b.smsSender ?? '',
          hideCredit: b.hideCredit,
          copy: b.copy,
        }}
        accountName={user.integratorName}
        logoUrl={await logoPath(user.integratorId)}
        canEdit={user.role === 'admin'}
        // A fresh process as the hosted pages show it: the same masking and limits.
        sample={{ destination: maskPhone('11987654321'), codeAttempts: MAX_FAILED_ATTEMPTS, resends: MAX_RESENDS, captureAttempts: getConfig().STEP_MAX_CAPTURE_ATTEMPTS }}
      />
    </>
  );
}
