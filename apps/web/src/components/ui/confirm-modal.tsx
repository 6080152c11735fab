import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; 'Cancelar' unless that would read like the action itself. */
  dismissLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  /** The failure of the confirmed action, shown inside the dialog. */
  error?: string | null;
  variant?: ButtonVariant;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before a destructive action, with the action's busy and error states. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = ui.common.cancel,
  busyLabel,
  busy = false,
  error,
  variant = 'danger',
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {dismissLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-fg">
        {children}
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </Modal>
  );
}
