import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { Modal } from './modal';

export interface FormModalProps {
  open?: boolean;
  title: string;
  description?: string;
  size?: 'md' | 'lg';
  /** The request is in flight: the buttons are disabled and the modal cannot be closed. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  onClose: () => void;
  /** Called after the default is prevented (and, portalled, after the event stops at the modal). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Any change in the form (e.g. `clearOnChange` of useFieldErrors). */
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Rendered into document.body: for a modal opened from inside another form (the quote wizard), since
   * forms cannot nest and React bubbles events along the component tree, portals included.
   */
  portal?: boolean;
  children: ReactNode;
  /** Shown below the form, inside the dialog (e.g. a related list that is not part of what is saved). */
  after?: ReactNode;
}

/**
 * The create/edit modal of the app, written once: a dialog whose body is a form (no native validation:
 * the zod schemas speak pt-BR), 'Cancelar' and the submit button in the footer, the submit button's
 * spinner and label while the request runs, and no closing halfway through it.
 */
export function FormModal({
  open = true,
  title,
  description,
  size,
  pending,
  submitLabel,
  pendingLabel,
  cancelLabel = ui.common.cancel,
  onClose,
  onSubmit,
  onChange,
  portal = false,
  children,
  after,
}: FormModalProps) {
  const formId = useId();
  const modal = (
    <Modal
      open={open}
      onClose={pending ? () => undefined : onClose}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={pending} loadingText={pendingLabel}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onChange={onChange}
        onSubmit={(event) => {
          event.preventDefault();
          if (portal) event.stopPropagation();
          onSubmit(event);
        }}
        noValidate
        className="space-y-4"
      >
        {children}
      </form>
      {after}
    </Modal>
  );
  return portal ? createPortal(modal, document.body) : modal;
}
