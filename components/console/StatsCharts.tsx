'use client';

import type { z } from 'zod';
import type { consoleStatsSchema } from '@/lib/api/contracts/console-reads';
import { formatSeconds, STATUS_COLOURS } from './format';
import { useT } from '@/components/console/i18n';

/** GET /services/api/v1/console/stats as the browser receives it (its contract's schema). */
type ConsoleStats = z.infer<typeof consoleStatsSchema>;

const STATUS_ORDER = Object.keys(STATUS_COLOURS);
const colourOf = (status: string) => STATUS_COLOURS[status] ?? '#334155';

function Card({ title, children, className = '' }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-4 ${className}`}>
      <h2 className="mb-3 font-semibold text-slate-800">{title}</h2>
      {children}
    </section>
  );
}

/** Stacked bars: onboardings created per day, by status; the table below is the same data for screen readers and readers. */
function DailyVolumes({ data }: { data: ConsoleStats }) {
  const t = useT();
  const statuses = STATUS_ORDER.filter((s) => data.daily.some((d) => d.counts[s])).concat(
    [...new Set(data.daily.flatMap((d) => Object.keys(d.counts)))].filter((s) => !STATUS_ORDER.includes(s)),
  );
  const totals = data.daily.map((d) => Object.values(d.counts).reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const [W, H, barGap] = [600, 160, 4];
  const barW = W / data.daily.length;
  const sum = totals.reduce((a, b) => a + b, 0);
  return (
    <Card title={t('Onboardings per day, last {days} days', { days: data.days })} className="md:col-span-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={t('{sum} onboardings in {days} days; busiest day {max}. Table below.', { sum, days: data.days, max })}
        data-testid="daily-chart"
      >
        <line x1="0" y1={H} x2={W} y2={H} stroke="#94a3b8" vectorEffect="non-scaling-stroke" />
        {data.daily.map((d, i) => {
          let y = H;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${totals[i]} (${statuses.filter((s) => d.counts[s]).map((s) => `${s} ${d.counts[s]}`).join(', ') || t('none')})`}</title>
              {statuses.map((s) => {
                const n = d.counts[s] ?? 0;
                if (!n) return null;
                const h = (n / max) * (H - 4);
                y -= h;
                return <rect key={s} x={i * barW + barGap / 2} y={y} width={barW - barGap} height={h} fill={colourOf(s)} />;
              })}
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-700" aria-hidden="true">
        <span>{data.daily[0]?.day}</span>
        <span>{data.daily.at(-1)?.day}</span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700" aria-label={t('Legend')}>
        {statuses.map((s) => (
          <li key={s} className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: colourOf(s) }} />
            {s}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700">{t('Show as a table')}</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{t('Onboardings per day by status')}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">{t('Day')}</th>
                {statuses.map((s) => (
                  <th key={s} scope="col" className="pr-2 text-right">{s}</th>
                ))}
                <th scope="col" className="text-right">{t('Total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.daily.map((d, i) => (
                <tr key={d.day} className="border-t border-slate-100">
                  <th scope="row" className="pr-2 font-normal">{d.day}</th>
                  {statuses.map((s) => (
                    <td key={s} className="pr-2 text-right tabular-nums">{d.counts[s] ?? 0}</td>
                  ))}
                  <td className="text-right tabular-nums">{totals[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}

function Approval({ data }: { data: ConsoleStats }) {
  const t = useT();
  const { approved, decided, rate } = data.approval;
  const pct = rate === null ? null : Math.round(rate * 1000) / 10;
  return (
    <Card title={t('Approval rate')}>
      <p className="text-4xl font-semibold tabular-nums text-teal-800" data-testid="approval-rate">
        {pct === null ? '—' : `${pct}%`}
      </p>
      <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="mt-2 h-3 w-full" role="img" aria-label={pct === null ? t('Nothing decided yet') : t('{approved} approved of {decided} decided', { approved, decided })}>
        <rect x="0" y="0" width="100" height="8" rx="2" fill="#e2e8f0" />
        <rect x="0" y="0" width={pct ?? 0} height="8" rx="2" fill="#0f766e" />
      </svg>
      <p className="mt-2 text-sm text-slate-600">
        {t('{approved} approved of {decided} decided (DONE or approved on review, over all final decisions), last {days} days.', { approved, decided, days: data.days })}
      </p>
    </Card>
  );
}

function Median({ data }: { data: ConsoleStats }) {
  const t = useT();
  return (
    <Card title={t('Median processing time')}>
      <p className="text-4xl font-semibold tabular-nums text-teal-800" data-testid="median-time">
        {formatSeconds(data.medianProcessingSeconds)}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t('From creation to a final status (review included), last {days} days.', { days: data.days })}</p>
    </Card>
  );
}

function TopPenalties({ data }: { data: ConsoleStats }) {
  const t = useT();
  const max = Math.max(1, ...data.topPenalties.map((p) => p.count));
  return (
    <Card title={t('Top penalties')} className="md:col-span-2">
      {data.topPenalties.length === 0 ? (
        <p className="text-sm text-slate-600">{t('No rule fired in the last {days} days.', { days: data.days })}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('Rules fired most in the last {days} days', { days: data.days })}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="font-medium">{t('Rule')}</th>
              <th scope="col" className="w-1/2 font-medium"><span className="sr-only">{t('Share')}</span></th>
              <th scope="col" className="text-right font-medium">{t('Times')}</th>
            </tr>
          </thead>
          <tbody>
            {data.topPenalties.map((p) => (
              <tr key={p.rulesName}>
                <th scope="row" className="py-1 pr-2 text-left font-mono text-xs font-normal text-slate-800">{p.rulesName}</th>
                <td aria-hidden="true">
                  <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="h-3 w-full">
                    <rect x="0" y="0" width={(p.count / max) * 100} height="6" fill="#b45309" />
                  </svg>
                </td>
                <td className="text-right tabular-nums">{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** Point 7: what people would rather look at than read, each with its text alternative. */
export function StatsCharts({ data }: { data: ConsoleStats }) {
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2" data-testid="stats-charts">
      <DailyVolumes data={data} />
      <Approval data={data} />
      <Median data={data} />
      <TopPenalties data={data} />
    </div>
  );
}
