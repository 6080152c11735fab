import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { EMAIL_SEPARATOR } from '@cotacoes/shared/rules/email-list';
import { useId, useState } from 'react';
import { ChevronDownIcon, LayersIcon, MailIcon, PencilIcon, TrashIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import type { Transportador } from '../api/list-carriers';
import { GroupChip, GroupChips } from './group-chips';

const t = ui.management.carriers;

export function splitEmails(email: string): string[] {
  return email
    .split(EMAIL_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One carrier: selection box, summary, and on expanding every e-mail and group (spec 2). */
export function CarrierCard({
  carrier,
  selected,
  onSelectedChange,
  onAddToGroup,
  onEdit,
  onDelete,
}: {
  carrier: Transportador;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onAddToGroup: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const emails = splitEmails(carrier.email);

  return (
    <li
      className={cn(
        'rounded-xl border bg-surface shadow-sm transition-colors',
        selected ? 'border-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3 p-4">
        <Checkbox
          className="mt-1"
          checked={selected}
          onChange={(event) => onSelectedChange(event.target.checked)}
          aria-label={formatMessage(t.selectCarrier, { nome: carrier.nome })}
        />
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          aria-label={formatMessage(t.showDetails, { nome: carrier.nome })}
          onClick={() => setExpanded((value) => !value)}
          className="min-w-0 flex-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium text-fg">{carrier.nome}</span>
            <Badge variant={carrier.ativo ? 'success' : 'neutral'}>
              {carrier.ativo ? ui.management.active : ui.management.inactive}
            </Badge>
            <ChevronDownIcon
              size={16}
              className={cn('shrink-0 text-fg-muted transition-transform', expanded && 'rotate-180')}
            />
          </span>
          <span className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-fg-muted">
            <MailIcon size={14} className="shrink-0" />
            <span className="truncate">{emails[0]}</span>
            {emails.length > 1 && (
              <span className="shrink-0 text-xs">
                {formatMessage(ui.management.more, { count: emails.length - 1 })}
              </span>
            )}
          </span>
          <span className="mt-2 block">
            <GroupChips grupos={carrier.grupos} empty={t.noGroups} />
          </span>
        </button>
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <Button
            variant="ghost"
            size="icon"
            onClick={onAddToGroup}
            aria-label={formatMessage(t.addToGroupLabel, { nome: carrier.nome })}
            title={t.addToGroup}
          >
            <LayersIcon size={16} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={formatMessage(t.editLabel, { nome: carrier.nome })}
            title={t.edit}
          >
            <PencilIcon size={16} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-danger-soft-fg"
            onClick={onDelete}
            aria-label={formatMessage(t.deleteLabel, { nome: carrier.nome })}
            title={t.delete}
          >
            <TrashIcon size={16} />
          </Button>
        </div>
      </div>
      {expanded && (
        <div
          id={`${id}-details`}
          className="grid gap-4 border-t border-border px-4 py-3 sm:grid-cols-2 sm:pl-11"
        >
          <div>
            <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {t.emailsTitle} ({emails.length})
            </p>
            <ul className="mt-1.5 space-y-1 text-sm text-fg">
              {emails.map((email) => (
                <li key={email} className="break-all">
                  {email}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {t.groupsTitle} ({carrier.grupos.length})
            </p>
            {carrier.grupos.length === 0 ? (
              <p className="mt-1.5 text-sm text-fg-muted">{t.noGroups}</p>
            ) : (
              <ul className="mt-1.5 flex flex-wrap gap-1.5">
                {carrier.grupos.map((grupo) => (
                  <li key={grupo.id}>
                    <GroupChip nome={grupo.nome} cor={grupo.cor} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
