import type { Metadata } from 'next';
import { DenyListPanel } from '@/components/console/fraud/DenyListPanel';
import { RuleWeightsPanel } from '@/components/console/fraud/RuleWeightsPanel';
import { listDenied, ruleCatalogue } from '@/lib/fraud';
import { requireConsoleUser } from '../../current-user';

export const metadata: Metadata = { title: 'Fraud rules · Console' };

const DENY_PAGE = 50;

export default async function FraudPage() {
  const user = await requireConsoleUser();
  const [denied, rules] = await Promise.all([listDenied(user.integratorId, DENY_PAGE), ruleCatalogue(user.integratorId)]);
  const canEdit = user.role === 'admin';
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">Fraud rules and deny list</h1>
      <div className="space-y-10">
        <RuleWeightsPanel initialRules={rules} canEdit={canEdit} />
        <DenyListPanel initial={denied.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() }))} pageSize={DENY_PAGE} canEdit={canEdit} />
      </div>
    </>
  );
}
