'use client';

import { useState } from 'react';
import { ConfirmDialog, SecretOnceDialog } from '../ConsoleDialogs';

interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
}
interface ShownSecret {
  title: string;
  label: string;
  secret: string;
}

/** A panel's two dialogs: "are you sure?" before revoking or rotating, and a new secret shown once. */
export function useAccessDialogs() {
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const [shown, setShown] = useState<ShownSecret>();
  const dialogs = (
    <>
      {confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          onCancel={() => setConfirmation(undefined)}
          onConfirm={() => {
            setConfirmation(undefined);
            confirmation.onConfirm();
          }}
        >
          {confirmation.body}
        </ConfirmDialog>
      )}
      {shown && <SecretOnceDialog {...shown} onClose={() => setShown(undefined)} />}
    </>
  );
  return { confirm: setConfirmation, showSecret: setShown, dialogs };
}
