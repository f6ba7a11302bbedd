const BASE = 'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';

/** The console's button looks. */
export function buttonClass(kind: 'primary' | 'secondary' | 'danger'): string {
  if (kind === 'primary') return `${BASE} bg-teal-700 text-white hover:bg-teal-800`;
  if (kind === 'danger') return `${BASE} bg-red-700 text-white hover:bg-red-800`;
  return `${BASE} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
}

export const inputClass = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700';
