import type { Metadata } from 'next';
import { BrandingEditor } from '@/components/console/branding/BrandingEditor';
import { brandingFor, logoPath } from '@/lib/settings';
import { requireConsoleUser } from '../../current-user';

export const metadata: Metadata = { title: 'Branding · Console' };

export default async function BrandingPage() {
  const user = await requireConsoleUser();
  const b = await brandingFor(user.integratorId);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Branding</h1>
      <BrandingEditor
        initial={{ displayName: b.displayName ?? '', primaryColor: b.primaryColor ?? '', supportText: b.supportText ?? '' }}
        accountName={user.integratorName}
        logoUrl={await logoPath(user.integratorId)}
        canEdit={user.role === 'admin'}
      />
    </>
  );
}
