import type { Metadata } from 'next';
import { DenyListPanel } from '@/components/console/fraud/DenyListPanel';
import { RuleWeightsPanel } from '@/components/console/fraud/RuleWeightsPanel';
import { listDenied, ruleCatalogue } from '@/lib/engines/fraud';
import { requireConsoleUser } from '../../current-user';
import { consoleTitle, serverT } from '../../locale';

export async function generateMetadata(): Promise<Metadata> {
  return consoleTitle('Fraud rules');
}

const DENY_PAGE = 50;

export default async function FraudPage() {
  const user = await requireConsoleUser();
  const t = await serverT();
  const [denied, rules] = await Promise.all([listDenied(user.integratorId, DENY_PAGE), ruleCatalogue(user.integratorId)]);
  const canEdit = user.role === 'admin';
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">{t('Fraud rules and deny list')}</h1>
      <div className="space-y-10">
        <RuleWeightsPanel initialRules={rules} canEdit={canEdit} />
        <DenyListPanel initial={denied.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() }))} pageSize={DENY_PAGE} canEdit={canEdit} />
      </div>
    </>
  );
}
