import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { cn } from '@/lib/cn';

/** A group's colour as a dot beside its name: the text keeps the theme's contrast whatever the colour. */
export function GroupChip({ nome, cor, className }: { nome: string; cor: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="h-2.5 w-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20"
        style={{ backgroundColor: cor }}
      />
      <span className="truncate">{nome}</span>
    </span>
  );
}

/** At most `max` chips, then '+N mais' (spec 9). */
export function GroupChips({
  grupos,
  max = 3,
  empty,
}: {
  grupos: ReadonlyArray<{ id: string; nome: string; cor: string }>;
  max?: number;
  empty?: string;
}) {
  if (grupos.length === 0)
    return empty ? <span className="text-xs text-fg-muted italic">{empty}</span> : null;
  const hidden = grupos.length - max;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {grupos.slice(0, max).map((grupo) => (
        <GroupChip key={grupo.id} nome={grupo.nome} cor={grupo.cor} />
      ))}
      {hidden > 0 && (
        <span className="text-xs font-medium text-fg-muted">
          {formatMessage(ui.management.more, { count: hidden })}
        </span>
      )}
    </span>
  );
}
