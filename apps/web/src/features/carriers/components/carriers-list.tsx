import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useMemo, useState } from 'react';
import { PlusIcon, SearchIcon, UserPlusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { MultiSelect } from '@/components/ui/multi-select';
import { Pagination } from '@/components/ui/pagination';
import { Select, type SelectOption } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorText, isEmpresaRequiredError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAddGroupMembers } from '../api/add-group-members';
import { useDeleteCarrier } from '../api/delete-carrier';
import { getCarrierIds } from '../api/get-carrier-ids';
import type { CarrierFilters } from '../api/keys';
import { type Transportador, useCarriersPage } from '../api/list-carriers';
import type { GrupoResumo } from '../api/list-groups';
import { AddToGroupModal } from './add-to-group-modal';
import { CarrierCard } from './carrier-card';
import { CreateGroupModal } from './create-group-modal';
import { EditCarrierModal } from './edit-carrier-modal';
import { ExportMenu } from './export-menu';
import { ImportModal } from './import-modal';
import { ListSkeleton } from './list-skeleton';
import { SimpleCarrierModal } from './simple-carrier-modal';
import { useStatusModal } from './status-modal';
import type { CarriersListState } from './use-carriers-list-state';

const t = ui.management.carriers;
export const SEARCH_DEBOUNCE_MS = 300;

function SelectionBar({
  state,
  filters,
  groups,
  total,
}: {
  state: CarriersListState;
  filters: CarrierFilters;
  groups: readonly GrupoResumo[];
  total: number;
}) {
  const bulkAdd = useAddGroupMembers();
  const status = useStatusModal();
  const [selectingAll, setSelectingAll] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const count = state.selected.size;
  const groupOptions: SelectOption[] = groups.map((grupo) => ({ value: grupo.id, label: grupo.nome }));
  const groupId = groups.some((grupo) => grupo.id === state.bulkGroupId) ? state.bulkGroupId : '';

  async function selectAll() {
    setSelectingAll(true);
    try {
      const { ids } = await getCarrierIds(filters);
      state.setSelected((current) => new Set([...current, ...ids]));
    } catch (error) {
      showToast({ message: errorText(error, t.loadError), variant: 'error' });
    } finally {
      setSelectingAll(false);
    }
  }

  function addSelected() {
    if (!groupId || count === 0) return;
    status.show({ status: 'loading', message: t.bulkAdding });
    bulkAdd.mutate(
      { grupoId: groupId, transportadorIds: [...state.selected] },
      {
        onSuccess: (result) => {
          state.setSelected(new Set());
          status.show({
            status: 'success',
            autoClose: false,
            message: result.message || formatMessage(t.bulkAdded, { n: result.adicionados }),
            detail:
              result.jaMembros > 0 ? formatMessage(t.bulkAlreadyMembers, { n: result.jaMembros }) : undefined,
          });
        },
        onError: (error) => status.fail(error, ui.management.statusModal.errorTitle, t.bulkError),
      },
    );
  }

  return (
    <section
      aria-label={t.selectionLabel}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-surface-muted/60 p-4"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={selectAll}
            loading={selectingAll}
            disabled={total === 0}
          >
            {t.selectAll}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => state.setSelected(new Set())}
            disabled={count === 0}
          >
            {t.deselectAll}
          </Button>
        </div>
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="selection-count">
          {count > 0 ? formatMessage(t.selectedCount, { count }) : t.noneSelected}
        </p>
      </div>
      <Select
        label={t.bulkGroupLabel}
        placeholder={t.bulkGroupPlaceholder}
        options={groupOptions}
        value={groupId}
        onChange={(event) => state.setBulkGroupId(event.target.value)}
        containerClassName="w-full sm:w-60"
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={addSelected} disabled={!groupId || count === 0} loading={bulkAdd.isPending}>
          {t.bulkAdd}
        </Button>
        <Button variant="ghost" onClick={() => setCreatingGroup(true)}>
          <PlusIcon size={16} />
          {t.newGroup}
        </Button>
      </div>
      <p className="w-full text-xs text-fg-muted">{t.bulkHint}</p>
      {creatingGroup && (
        <CreateGroupModal
          onClose={() => setCreatingGroup(false)}
          onCreated={(grupo) => state.setBulkGroupId(grupo.id)}
        />
      )}
      {status.modal}
    </section>
  );
}

/** Search, group filter, selection bar and one page of carrier cards (spec 2 and 5). */
export function CarriersList({
  state,
  groups,
}: {
  state: CarriersListState;
  groups: readonly GrupoResumo[];
}) {
  const debouncedSearch = useDebouncedValue(state.search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo<CarrierFilters>(
    () => ({ search: debouncedSearch, grupos: state.grupos }),
    [debouncedSearch, state.grupos],
  );
  const filterKey = JSON.stringify(filters);
  const page = state.pageFor(filterKey);
  const query = useCarriersPage(filters, page);
  const remove = useDeleteCarrier();
  const [editing, setEditing] = useState<Transportador | null>(null);
  const [deleting, setDeleting] = useState<Transportador | null>(null);
  const [addingTo, setAddingTo] = useState<Transportador | null>(null);
  const [quickCreate, setQuickCreate] = useState(false);
  const [importing, setImporting] = useState(false);
  const groupOptions: SelectOption[] = groups.map((grupo) => ({ value: grupo.id, label: grupo.nome }));
  const filtered = filters.search !== '' || filters.grupos.length > 0;
  const totalPages = query.data?.totalPages ?? 0;
  const { setPage } = state;

  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(filterKey, totalPages);
  }, [totalPages, page, filterKey, setPage]);

  function confirmDelete() {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSuccess: () => {
        showToast({ message: t.deleted, variant: 'success' });
        state.setSelected((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
        setDeleting(null);
      },
    });
  }

  function toggle(id: string, on: boolean) {
    state.setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <section aria-labelledby="carriers-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="carriers-list-title" className="text-lg font-semibold text-fg">
            {t.listTitle}
          </h2>
          <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
            {query.data
              ? formatMessage(query.data.totalLimitado ? ui.carrierLists.countLimited : t.count, {
                  count: query.data.total,
                })
              : ' '}
            {query.isFetching && query.data && <Spinner size={14} className="text-primary" />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setQuickCreate(true)}>
            <UserPlusIcon size={16} />
            {t.quickCreate}
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {ui.management.import.open}
          </Button>
          <ExportMenu filters={filters} />
        </div>
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem]">
        <Input
          label={t.searchLabel}
          hideLabel
          type="search"
          placeholder={t.searchPlaceholder}
          value={state.search}
          onChange={(event) => state.setSearch(event.target.value)}
          endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
          containerClassName="md:mt-7"
        />
        <MultiSelect
          label={t.groupFilterLabel}
          placeholder={t.groupFilterPlaceholder}
          options={groupOptions}
          value={state.grupos}
          onChange={state.setGrupos}
        />
      </div>
      {filtered && (
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            state.setSearch('');
            state.setGrupos([]);
          }}
        >
          {t.clearFilters}
        </Button>
      )}

      <SelectionBar state={state} filters={filters} groups={groups} total={query.data?.total ?? 0} />

      {query.isPending && <ListSkeleton />}
      {query.isError && !isEmpresaRequiredError(query.error) && (
        <Alert variant="error">{errorText(query.error, t.loadError)}</Alert>
      )}
      {query.isSuccess && query.data.data.length === 0 && (
        <Card className="px-4 py-10 text-center text-sm text-fg-muted">
          {filtered ? t.emptyFiltered : t.empty}
        </Card>
      )}
      {query.isSuccess && query.data.data.length > 0 && (
        <ul aria-label={t.listLabel} aria-busy={query.isPlaceholderData || undefined} className="space-y-3">
          {query.data.data.map((carrier) => (
            <CarrierCard
              key={carrier.id}
              carrier={carrier}
              selected={state.selected.has(carrier.id)}
              onSelectedChange={(on) => toggle(carrier.id, on)}
              onAddToGroup={() => setAddingTo(carrier)}
              onEdit={() => setEditing(carrier)}
              onDelete={() => {
                remove.reset();
                setDeleting(carrier);
              }}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={(next) => state.setPage(filterKey, next)}
        disabled={query.isPlaceholderData}
      />

      {editing && (
        <EditCarrierModal carrier={editing} groupOptions={groupOptions} onClose={() => setEditing(null)} />
      )}
      {addingTo && <AddToGroupModal carrier={addingTo} groups={groups} onClose={() => setAddingTo(null)} />}
      {quickCreate && <SimpleCarrierModal onClose={() => setQuickCreate(false)} />}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
      <ConfirmModal
        open={deleting !== null}
        title={t.deleteTitle}
        confirmLabel={t.delete}
        busyLabel={t.deleting}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, t.deleteError) : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <p>{t.deleteConfirm}</p>
        {deleting && <p className="font-medium">{deleting.nome}</p>}
      </ConfirmModal>
    </section>
  );
}
