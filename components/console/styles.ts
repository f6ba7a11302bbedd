/** Class names shared by the console's forms and tables. */
export const field = 'block text-sm font-medium text-slate-700';
export const input = 'mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:bg-slate-100';
export const primaryButton =
  'rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';
export const secondaryButton =
  'rounded-md border border-slate-400 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-60';
export const table = 'w-full border-collapse text-left text-sm';
export const th = 'border-b border-slate-300 px-2 py-2 font-semibold text-slate-700';
export const td = 'border-b border-slate-200 px-2 py-2 align-top text-slate-800';
