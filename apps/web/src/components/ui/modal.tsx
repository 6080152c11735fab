import { ui } from '@cotacoes/shared/messages/ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { XIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' };

/** Native <dialog> shown modally: focus trap, Escape and inert background come from the browser. */
export function Modal({ open, onClose, title, description, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  /** What had the focus when the dialog opened, read before showModal() moves it inside. */
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // Focus goes back where it was when the dialog opened, however it closed (Escape, a button, the dialog
  // leaving the page with its caller). The opener was read after showModal() had moved the focus inside,
  // so it was lost (QA pass 5: Esc on 'Registrar resposta' left it on <body>). When the opener is gone
  // (a row that left the list), the page's main region takes it, so Tab goes on from there.
  useEffect(() => {
    if (!open) return;
    return () => {
      setTimeout(() => {
        const now = document.activeElement;
        if (now !== null && now !== document.body && now.isConnected) return;
        const previous = opener.current;
        if (previous?.isConnected) previous.focus();
        else document.querySelector<HTMLElement>('main[tabindex]')?.focus();
      }, 0);
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the click is for the backdrop only
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-slate-950/60',
        widths[size],
      )}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <header className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div>
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={`${id}-description`} className="mt-1 text-sm text-fg-muted">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={ui.common.close}
              className="rounded-md p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <XIcon size={18} />
            </button>
          </header>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <footer className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3">
              {footer}
            </footer>
          )}
        </div>
      )}
    </dialog>
  );
}
