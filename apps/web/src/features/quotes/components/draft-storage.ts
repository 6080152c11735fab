import { storageKeys } from '@/config/constants';
import { storage } from '@/lib/storage';
import { emptyItem, type QuoteDraft } from './draft';

/**
 * The wizard's draft kept in this browser while it is filled in (QA pass 10: going to another page or
 * reloading lost everything typed). Per user; files are not kept (only their names, to ask for them again).
 */
export interface SavedDraft {
  draft: QuoteDraft;
  step: number;
  savedAt: string;
  /** Names of the files the draft had: the user attaches them again. */
  arquivos: string[];
}

const VERSION = 1;
const keyOf = (userId: string) => `${storageKeys.quoteDraft}:${userId}`;

export function saveDraft(userId: string, draft: QuoteDraft, step: number, now = new Date()): void {
  const arquivos = [draft.file?.name, draft.dangerousFile?.name].filter((name): name is string => !!name);
  const kept = { ...draft, file: null, dangerousFile: null };
  storage.set(
    keyOf(userId),
    JSON.stringify({ v: VERSION, draft: kept, step, savedAt: now.toISOString(), arquivos }),
  );
}

export function loadDraft(userId: string, fresh: QuoteDraft): SavedDraft | null {
  const text = storage.get(keyOf(userId));
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<SavedDraft> & { v?: number };
    if (saved.v !== VERSION || typeof saved.draft !== 'object' || saved.draft === null) return null;
    // Fields a newer wizard added take their fresh value; the files are never restored.
    const merged = { ...fresh, ...saved.draft, file: null, dangerousFile: null } as QuoteDraft;
    // Items get this page's own keys (a saved key could repeat one the page hands out next).
    const itens = (Array.isArray(merged.itens) ? merged.itens : fresh.itens).map((item) => ({
      ...item,
      key: emptyItem().key,
    }));
    const draft = { ...merged, itens };
    const step = typeof saved.step === 'number' && saved.step >= 0 && saved.step <= 3 ? saved.step : 0;
    return {
      draft,
      step,
      savedAt: typeof saved.savedAt === 'string' ? saved.savedAt : new Date().toISOString(),
      arquivos: Array.isArray(saved.arquivos) ? saved.arquivos.filter((n) => typeof n === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function clearDraft(userId: string): void {
  storage.remove(keyOf(userId));
}

/** Whether the user typed or chose anything: a draft equal to a fresh one is not kept. */
export function isDirty(draft: QuoteDraft, fresh: QuoteDraft): boolean {
  // The deadline moves with the clock and an item's key is the page's own: neither is something typed.
  const typed = ({ prazo: _prazo, file: _file, dangerousFile: _dangerous, itens, ...rest }: QuoteDraft) =>
    JSON.stringify({ ...rest, itens: itens.map(({ key: _key, ...item }) => item) });
  return draft.file !== null || draft.dangerousFile !== null || typed(draft) !== typed(fresh);
}
