'use client';

import { buttonClass } from '../buttons';
import type { useAccessDialogs } from './useAccessDialogs';

/** A row action that asks first (rotate, revoke): the button names its target for screen readers. */
export function ConfirmedButton({
  confirm,
  label,
  target,
  danger,
  body,
  onConfirm,
}: {
  confirm: ReturnType<typeof useAccessDialogs>['confirm'];
  label: string;
  target: string;
  danger?: boolean;
  body: string;
  onConfirm: () => void;
}) {
  return (
    <button type="button" className={buttonClass(danger ? 'danger' : 'secondary')} aria-label={`${label} ${target}`} onClick={() => confirm({ title: `${label} ${target}?`, body, confirmLabel: label, onConfirm })}>
      {label}
    </button>
  );
}
