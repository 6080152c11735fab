import { ui } from '@cotacoes/shared/messages/ui';
import { useSyncExternalStore } from 'react';
import { AlertTriangleIcon, CheckCircleIcon, InfoIcon, XCircleIcon, XIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { dismissToast, type Toast, type ToastPosition, type ToastVariant, toastStore } from '@/lib/toast';

const styles: Record<ToastVariant, string> = {
  success: 'border-green-600 bg-green-600 text-white',
  error: 'border-red-600 bg-red-600 text-white',
  warning: 'border-amber-400 bg-amber-100 text-amber-950',
  info: 'border-border bg-surface text-fg',
};

const icons = {
  success: CheckCircleIcon,
  error: XCircleIcon,
  warning: AlertTriangleIcon,
  info: InfoIcon,
} as const;

const positions: Record<ToastPosition, string> = {
  'top-right': 'top-4 right-4 items-end',
  'top-center': 'top-4 left-1/2 -translate-x-1/2 items-center',
};

function ToastItem({ toast }: { toast: Toast }) {
  const Icon = icons[toast.variant];
  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        styles[toast.variant],
      )}
    >
      <Icon size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        <p>{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={ui.toast.dismiss}
        className="-m-1 shrink-0 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <XIcon size={16} />
      </button>
    </div>
  );
}

/** Renders the toast holder (max 20 kept, spec 9) in its two positions. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return (
    <section aria-label={ui.toast.region}>
      {(Object.keys(positions) as ToastPosition[]).map((position) => {
        const here = toasts.filter((toast) => toast.position === position);
        if (here.length === 0) return null;
        return (
          <div
            key={position}
            className={cn(
              'pointer-events-none fixed z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2',
              positions[position],
            )}
            data-position={position}
          >
            {here.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </section>
  );
}
