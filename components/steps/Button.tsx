import type { ButtonHTMLAttributes } from 'react';

/** Primary action in the integrator's colour; a visible focus ring for keyboard users. */
export function Button({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...props}
      className={`w-full rounded-lg bg-[var(--brand-fill)] px-4 py-3 text-lg font-semibold text-[var(--brand-text)] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)] disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
    />
  );
}
