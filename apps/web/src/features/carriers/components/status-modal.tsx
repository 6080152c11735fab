import { ui } from '@cotacoes/shared/messages/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircleIcon, XCircleIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { SUCCESS_MODAL_MS } from '@/config/constants';
import { errorText, isEmpresaRequiredError } from '@/lib/api-client';

const t = ui.management;

export type StatusState =
  | { status: 'loading'; message: string }
  | { status: 'success'; message: string; detail?: string; autoClose?: boolean }
  | { status: 'error'; title: string; message: string };

/**
 * The generic loading / success / error modal (spec 4). Success closes by itself after 2000 ms
 * unless `autoClose` is false; while loading it cannot be dismissed.
 */
export function StatusModal({ state, onClose }: { state: StatusState | null; onClose: () => void }) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const autoClose = state?.status === 'success' && state.autoClose !== false;

  // Restarts for every new success state, so two successes in a row each stay 2000 ms.
  useEffect(() => {
    if (state?.status !== 'success' || state.autoClose === false) return;
    const timer = setTimeout(() => onCloseRef.current(), SUCCESS_MODAL_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const title =
    state?.status === 'error'
      ? state.title
      : state?.status === 'success'
        ? t.statusModal.successTitle
        : t.statusModal.loadingTitle;

  return (
    <Modal
      open={state !== null}
      onClose={state?.status === 'loading' ? () => undefined : onClose}
      title={title}
      size="sm"
      footer={
        state && state.status !== 'loading' ? (
          <Button variant={state.status === 'error' ? 'secondary' : 'primary'} onClick={onClose}>
            {t.close}
          </Button>
        ) : undefined
      }
    >
      {state?.status === 'loading' && (
        <div role="status" aria-live="polite" className="flex items-center gap-3 text-sm text-fg">
          <Spinner size={24} className="shrink-0 text-primary" />
          <span>{state.message}</span>
        </div>
      )}
      {state?.status === 'success' && (
        <div role="status" className="flex items-start gap-3 text-sm text-fg">
          <CheckCircleIcon size={24} className="shrink-0 text-success-soft-fg" />
          <div className="space-y-1">
            <p className="font-medium">{state.message}</p>
            {state.detail && <p className="text-fg-muted">{state.detail}</p>}
            {autoClose && <p className="text-xs text-fg-muted">{t.statusModal.autoClose}</p>}
          </div>
        </div>
      )}
      {state?.status === 'error' && (
        <div role="alert" className="flex items-start gap-3 text-sm text-fg">
          <XCircleIcon size={24} className="shrink-0 text-danger-soft-fg" />
          <p>{state.message}</p>
        </div>
      )}
    </Modal>
  );
}

/** State and element of one status modal; `onClosed` learns which state was dismissed. */
export function useStatusModal(onClosed?: (closed: StatusState) => void) {
  const [state, setState] = useState<StatusState | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;
  const close = useCallback(() => {
    const closed = stateRef.current;
    setState(null);
    if (closed) onClosedRef.current?.(closed);
  }, []);
  /** A failed call: its message under `title`; the company error has its own toast, so nothing here. */
  const fail = useCallback((error: unknown, title: string, fallback: string) => {
    if (isEmpresaRequiredError(error)) setState(null);
    else setState({ status: 'error', title, message: errorText(error, fallback) });
  }, []);
  return { state, show: setState, close, fail, modal: <StatusModal state={state} onClose={close} /> };
}
