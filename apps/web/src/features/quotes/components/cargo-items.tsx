import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { notPositiveAmount } from '@cotacoes/shared/rules/quote-fields';
import { useRef } from 'react';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { type CargoItemDraft, emptyItem } from './draft';

const t = ui.quotes.content.items;

/** The cargo items (mercadoria, volumes, dimensões); at least one always remains (spec 001 §2). */
export function CargoItems({
  items,
  onChange,
  onBlur,
  error,
}: {
  items: readonly CargoItemDraft[];
  onChange: (items: CargoItemDraft[]) => void;
  /** A quantity field was left: its rule may be shown (QA pass 42b: "0 contêineres" went to carriers). */
  onBlur?: () => void;
  error?: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const only = items.length <= 1;

  function set(key: number, patch: Partial<CargoItemDraft>) {
    onChange(items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }

  function add() {
    onChange([...items, emptyItem()]);
    // Focus the new item's first field once it is rendered.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('li:last-child input');
      inputs?.[0]?.focus();
    });
  }

  function remove(key: number) {
    if (only) return;
    onChange(items.filter((item) => item.key !== key));
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-fg">{t.legend}</legend>
      <ol ref={listRef} className="space-y-3">
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <li key={item.key} className="rounded-lg border border-border bg-surface-muted/40 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-fg">{formatMessage(t.item, { n })}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(item.key)}
                  aria-disabled={only || undefined}
                  aria-label={formatMessage(t.remove, { n })}
                  title={only ? t.keepOne : undefined}
                  className="text-danger-soft-fg"
                >
                  <TrashIcon size={16} />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                <Input
                  label={t.mercadoria}
                  value={item.mercadoria}
                  onChange={(event) => set(item.key, { mercadoria: event.target.value })}
                  maxLength={300}
                  name={`itens.${index}.mercadoria`}
                  aria-label={`${t.mercadoria} (${formatMessage(t.item, { n })})`}
                />
                <Input
                  label={t.quantidadeVolumes}
                  value={item.quantidadeVolumes}
                  onChange={(event) => set(item.key, { quantidadeVolumes: event.target.value })}
                  maxLength={60}
                  name={`itens.${index}.quantidadeVolumes`}
                  aria-label={`${t.quantidadeVolumes} (${formatMessage(t.item, { n })})`}
                  onBlur={onBlur}
                  error={error && notPositiveAmount(item.quantidadeVolumes) ? error : undefined}
                />
                <Input
                  label={t.dimensoes}
                  placeholder={t.dimensoesPlaceholder}
                  value={item.dimensoes}
                  onChange={(event) => set(item.key, { dimensoes: event.target.value })}
                  maxLength={200}
                  name={`itens.${index}.dimensoes`}
                  aria-label={`${t.dimensoes} (${formatMessage(t.item, { n })})`}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {only && <p className="text-xs text-fg-muted">{t.keepOne}</p>}
      <Button variant="secondary" size="sm" onClick={add}>
        <PlusIcon size={16} />
        {t.add}
      </Button>
    </fieldset>
  );
}
