import { dismissToast, showToast, toastStore } from './toast';

describe('toast holder', () => {
  it('keeps at most 20 toasts, dropping the oldest', () => {
    for (let i = 1; i <= 25; i++) showToast({ message: `Aviso ${i}`, durationMs: 0 });
    const messages = toastStore.get().map((toast) => toast.message);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('Aviso 6');
    expect(messages[19]).toBe('Aviso 25');
  });

  it('removes a toast after its duration and on dismiss', () => {
    vi.useFakeTimers();
    try {
      showToast({ message: 'Some', durationMs: 6000 });
      const id = showToast({ message: 'Fica', durationMs: 0 });
      vi.advanceTimersByTime(5999);
      expect(toastStore.get()).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(toastStore.get().map((toast) => toast.message)).toEqual(['Fica']);
      dismissToast(id);
      expect(toastStore.get()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
