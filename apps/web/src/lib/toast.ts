import { DEFAULT_TOAST_MS, MAX_TOASTS } from '@/config/constants';
import { createStore } from './create-store';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export type ToastPosition = 'top-right' | 'top-center';

export interface Toast {
  id: number;
  message: string;
  title?: string;
  variant: ToastVariant;
  position: ToastPosition;
  durationMs: number;
}

export type ToastInput = Pick<Toast, 'message'> & Partial<Omit<Toast, 'id' | 'message'>>;

export const toastStore = createStore<readonly Toast[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

/** Shows a toast; the holder keeps at most MAX_TOASTS (spec 9), dropping the oldest. */
export function showToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    variant: 'info',
    position: 'top-right',
    durationMs: DEFAULT_TOAST_MS,
    ...input,
  };
  toastStore.set((toasts) => {
    const kept = [...toasts, toast];
    for (const dropped of kept.splice(0, Math.max(0, kept.length - MAX_TOASTS))) {
      const timer = timers.get(dropped.id);
      if (timer) clearTimeout(timer);
      timers.delete(dropped.id);
    }
    return kept;
  });
  if (toast.durationMs > 0) {
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.durationMs),
    );
  }
  return toast.id;
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toastStore.set([]);
}
