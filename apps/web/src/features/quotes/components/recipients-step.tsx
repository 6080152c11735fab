import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { foldAccents } from '@cotacoes/shared/rules/fold';
import { MODOS_ENVIO } from '@cotacoes/shared/schemas/quotes';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { LayersIcon, PlusIcon, SearchIcon, TruckIcon, XIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCarrierSearch } from '../api/list-carriers';
import { type GrupoResumo, useGroups } from '../api/list-groups';
import { CreateCarrierModal } from './create-carrier-modal';
import { CreateGroupModal } from './create-group-modal';
import type { RecipientRef } from './draft';
import type { StepProps } from './step-props';

const t = ui.quotes.recipients;

const fold = (text: string) => foldAccents(text).toLowerCase();

function toggle(list: readonly RecipientRef[], item: RecipientRef): RecipientRef[] {
  return list.some((entry) => entry.id === item.id)
    ? list.filter((entry) => entry.id !== item.id)
    : [...list, item];
}

function Panel({
  title,
  icon,
  search,
  action,
  children,
}: {
  title: string;
  icon: ReactNode;
  search: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col rounded-xl border border-border p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="flex items-center gap-2 font-semibold text-fg">
          {icon}
          {title}
        </h3>
        {action}
      </div>
      {search}
      <div className="mt-3 flex-1">{children}</div>
    </section>
  );
}

function OptionRow({
  checked,
  disabled,
  onToggle,
  title,
  detail,
  badge,
}: {
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  title: string;
  detail?: string;
  badge?: ReactNode;
}) {
  const id = useId();
  return (
    <li>
      <label
        className={cn(
          'flex items-start gap-3 rounded-lg px-2 py-2',
          disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-surface-muted',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          aria-labelledby={`${id}-title`}
          aria-describedby={detail ? `${id}-detail` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer rounded border-border-strong accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
            <span id={`${id}-title`}>{title}</span>
            {badge}
          </span>
          {detail && (
            <span id={`${id}-detail`} className="block truncate text-xs text-fg-muted">
              {detail}
            </span>
          )}
        </span>
      </label>
    </li>
  );
}

/** Step 3: carriers (searched on the server) and groups, inline creation of either, and the send mode. */
export function RecipientsStep({ draft, update }: StepProps) {
  const [carrierSearch, setCarrierSearch] = useState('');
  const [groupSearch, setGroupSearch] = useState('');
  const [creating, setCreating] = useState<'carrier' | 'group' | null>(null);
  const debounced = useDebouncedValue(carrierSearch.trim(), SEARCH_DEBOUNCE_MS);
  const carriers = useCarrierSearch(debounced);
  const groups = useGroups();
  const modeId = useId();

  const groupList = useMemo(() => {
    const query = fold(groupSearch.trim());
    return (groups.data ?? []).filter((grupo) => !query || fold(grupo.nome).includes(query));
  }, [groups.data, groupSearch]);

  const selectedCarrier = (id: string) => draft.transportadores.some((carrier) => carrier.id === id);
  const selectedGroup = (id: string) => draft.grupos.some((grupo) => grupo.id === id);
  const total = draft.transportadores.length + draft.grupos.length;

  const chips = [
    ...draft.grupos.map((grupo) => ({ ...grupo, kind: 'grupos' as const })),
    ...draft.transportadores.map((carrier) => ({ ...carrier, kind: 'transportadores' as const })),
  ];

  return (
    <div className="space-y-5">
      <p className="text-sm text-fg-muted">{ui.quotes.recipients.intro}</p>

      <section aria-labelledby={`${modeId}-selected`} className="rounded-xl bg-surface-muted/60 p-4">
        <h3 id={`${modeId}-selected`} className="text-sm font-semibold text-fg">
          {t.selectedTitle}
        </h3>
        <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
          {total === 0
            ? t.noneSelected
            : formatMessage(t.selectedSummary, {
                carriers: draft.transportadores.length,
                groups: draft.grupos.length,
              })}
        </p>
        {chips.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li
                key={`${chip.kind}-${chip.id}`}
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-2.5 text-xs font-medium text-primary-soft-fg"
              >
                {chip.kind === 'grupos' ? <LayersIcon size={12} /> : <TruckIcon size={12} />}
                {chip.nome}
                <button
                  type="button"
                  onClick={() =>
                    update(
                      chip.kind === 'grupos'
                        ? { grupos: draft.grupos.filter((grupo) => grupo.id !== chip.id) }
                        : {
                            transportadores: draft.transportadores.filter(
                              (carrier) => carrier.id !== chip.id,
                            ),
                          },
                    )
                  }
                  aria-label={formatMessage(t.removeSelected, { nome: chip.nome })}
                  className="rounded-full p-0.5 hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <XIcon size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel
          title={t.groupsTitle}
          icon={<LayersIcon size={18} className="text-fg-muted" />}
          action={
            <Button variant="secondary" size="sm" onClick={() => setCreating('group')}>
              <PlusIcon size={16} />
              {t.newGroup}
            </Button>
          }
          search={
            <Input
              label={t.searchGroups}
              hideLabel
              type="search"
              placeholder={t.searchGroupsPlaceholder}
              value={groupSearch}
              onChange={(event) => setGroupSearch(event.target.value)}
              endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
            />
          }
        >
          {groups.isPending && <Spinner size={20} className="text-primary" />}
          {groups.isError && <Alert variant="error">{errorText(groups.error, t.loadError)}</Alert>}
          {groups.isSuccess &&
            (groupList.length === 0 ? (
              <p className="py-4 text-center text-sm text-fg-muted">{t.noGroups}</p>
            ) : (
              <ul aria-label={t.groupsList} className="max-h-72 overflow-y-auto">
                {groupList.map((grupo: GrupoResumo) => {
                  const members = grupo.totalTransportadores;
                  return (
                    <OptionRow
                      key={grupo.id}
                      title={grupo.nome}
                      detail={
                        members === 0 ? t.groupEmpty : formatMessage(t.groupMembers, { count: members })
                      }
                      checked={selectedGroup(grupo.id)}
                      // An empty group reaches nobody; the server would refuse it.
                      disabled={members === 0 && !selectedGroup(grupo.id)}
                      onToggle={() =>
                        update({ grupos: toggle(draft.grupos, { id: grupo.id, nome: grupo.nome }) })
                      }
                    />
                  );
                })}
              </ul>
            ))}
        </Panel>

        <Panel
          title={t.carriersTitle}
          icon={<TruckIcon size={18} className="text-fg-muted" />}
          action={
            <Button variant="secondary" size="sm" onClick={() => setCreating('carrier')}>
              <PlusIcon size={16} />
              {t.newCarrier}
            </Button>
          }
          search={
            <Input
              label={t.searchCarriers}
              hideLabel
              type="search"
              placeholder={t.searchCarriersPlaceholder}
              value={carrierSearch}
              onChange={(event) => setCarrierSearch(event.target.value)}
              endAdornment={
                carriers.isFetching && carriers.data ? (
                  <Spinner size={16} className="mr-2 text-primary" />
                ) : (
                  <SearchIcon size={16} className="mr-2 text-fg-muted" />
                )
              }
            />
          }
        >
          {carriers.isPending && <Spinner size={20} className="text-primary" />}
          {carriers.isError && <Alert variant="error">{errorText(carriers.error, t.loadError)}</Alert>}
          {carriers.isSuccess &&
            (carriers.data.data.length === 0 ? (
              <p className="py-4 text-center text-sm text-fg-muted">{t.noCarriers}</p>
            ) : (
              <>
                <ul
                  aria-label={t.carriersList}
                  aria-busy={carriers.isPlaceholderData || undefined}
                  className="max-h-72 overflow-y-auto"
                >
                  {carriers.data.data.map((carrier) => (
                    <OptionRow
                      key={carrier.id}
                      title={carrier.nome}
                      detail={carrier.email.split(';').join('; ')}
                      badge={!carrier.ativo && <Badge>{t.inactive}</Badge>}
                      checked={selectedCarrier(carrier.id)}
                      disabled={!carrier.ativo && !selectedCarrier(carrier.id)}
                      onToggle={() =>
                        update({
                          transportadores: toggle(draft.transportadores, {
                            id: carrier.id,
                            nome: carrier.nome,
                          }),
                        })
                      }
                    />
                  ))}
                </ul>
                {carriers.data.total > carriers.data.data.length && (
                  <p className="mt-2 text-xs text-fg-muted">
                    {formatMessage(t.carriersMore, {
                      shown: carriers.data.data.length,
                      total: carriers.data.totalLimitado
                        ? formatMessage(ui.carrierLists.moreThan, { total: carriers.data.total })
                        : carriers.data.total,
                    })}
                  </p>
                )}
              </>
            ))}
        </Panel>
      </div>

      <fieldset className="rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold text-fg">{t.modeLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {MODOS_ENVIO.map((modo) => (
            <label
              key={modo}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                draft.modoEnvio === modo ? 'border-primary bg-primary-soft/40' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="modoEnvio"
                value={modo}
                checked={draft.modoEnvio === modo}
                onChange={() => update({ modoEnvio: modo })}
                aria-labelledby={`${modeId}-${modo}-label`}
                aria-describedby={`${modeId}-${modo}`}
                className="mt-1 h-4 w-4 shrink-0 accent-primary focus:outline-none"
              />
              <span>
                <span id={`${modeId}-${modo}-label`} className="block text-sm font-medium text-fg">
                  {t.modes[modo].label}
                </span>
                <span id={`${modeId}-${modo}`} className="block text-xs text-fg-muted">
                  {t.modes[modo].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {creating === 'carrier' && (
        <CreateCarrierModal
          onClose={() => setCreating(null)}
          onCreated={(carrier) => {
            update({
              transportadores: selectedCarrier(carrier.id)
                ? draft.transportadores
                : [...draft.transportadores, { id: carrier.id, nome: carrier.nome }],
            });
            setCreating(null);
          }}
        />
      )}
      {creating === 'group' && <CreateGroupModal onClose={() => setCreating(null)} />}
    </div>
  );
}
