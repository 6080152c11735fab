import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { useState } from 'react';
import { SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useApplyMembersDiff } from '../api/group-member';
import { MEMBERS_PAGE_SIZE } from '../api/keys';
import { useCarriersPage } from '../api/list-carriers';
import type { GrupoCartao } from '../api/list-groups';
import { splitEmails } from './carrier-card';
import { SEARCH_DEBOUNCE_MS } from './carriers-list';

const t = ui.management.groups;

/**
 * Manage group members (spec 2 and 7): search carriers, check or uncheck them; saving sends every
 * add and removal in parallel. Whether a carrier is a member comes from its own groups in the list page
 * (a group of thousands is never loaded whole); the dialog keeps what was added and removed.
 */
export function ManageMembersModal({ grupo, onClose }: { grupo: GrupoCartao; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debounced ? paging.page : 1;
  const query = useCarriersPage({ search: debounced, grupos: [] }, page, MEMBERS_PAGE_SIZE);
  // Each carrier's membership when first seen, and the ids the user checked or unchecked against it.
  const [changes, setChanges] = useState<{ added: ReadonlySet<string>; removed: ReadonlySet<string> }>({
    added: new Set(),
    removed: new Set(),
  });
  const save = useApplyMembersDiff();
  const added = [...changes.added];
  const removed = [...changes.removed];
  const changed = added.length + removed.length > 0;
  const selected = grupo.totalTransportadores + added.length - removed.length;
  const isMember = (carrier: Transportador) => carrier.grupos.some((ref) => ref.id === grupo.id);
  const isChecked = (carrier: Transportador) =>
    changes.added.has(carrier.id) || (isMember(carrier) && !changes.removed.has(carrier.id));

  function toggle(carrier: Transportador, on: boolean) {
    setChanges((current) => {
      const next = { added: new Set(current.added), removed: new Set(current.removed) };
      next.added.delete(carrier.id);
      next.removed.delete(carrier.id);
      if (on && !isMember(carrier)) next.added.add(carrier.id);
      if (!on && isMember(carrier)) next.removed.add(carrier.id);
      return next;
    });
  }

  function submit() {
    save.mutate(
      { grupoId: grupo.id, added, removed },
      {
        onSuccess: () => {
          showToast({ message: t.updated, variant: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={save.isPending ? () => undefined : onClose}
      title={formatMessage(t.membersTitle, { nome: grupo.nome })}
      description={t.membersHint}
      size="lg"
      footer={
        <>
          <p className="mr-auto self-center text-sm text-fg-muted" aria-live="polite">
            {formatMessage(t.membersSelected, { count: selected })}
            {changed &&
              ` · ${formatMessage(t.membersChanges, { added: added.length, removed: removed.length })}`}
          </p>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {ui.management.cancel}
          </Button>
          <Button
            onClick={submit}
            disabled={!changed}
            loading={save.isPending}
            loadingText={ui.management.saving}
          >
            {ui.management.save}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {save.isError && <Alert variant="error">{errorText(save.error, t.updateError)}</Alert>}
        <Input
          label={t.membersSearchLabel}
          hideLabel
          type="search"
          placeholder={ui.management.carriers.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
        />
        {query.isPending && <LoadingState className="py-6" />}
        {query.isError && (
          <Alert variant="error">{errorText(query.error, ui.management.carriers.loadError)}</Alert>
        )}
        {query.isSuccess && query.data.data.length === 0 && (
          <p className="py-6 text-center text-sm text-fg-muted">
            {debounced ? ui.management.carriers.emptyFiltered : ui.management.carriers.empty}
          </p>
        )}
        {query.isSuccess && query.data.data.length > 0 && (
          <ul
            aria-label={t.membersListLabel}
            aria-busy={query.isPlaceholderData || undefined}
            className="divide-y divide-border rounded-lg border border-border"
          >
            {query.data.data.map((carrier) => (
              <li key={carrier.id} className="px-3 py-2">
                <Checkbox
                  checked={isChecked(carrier)}
                  onChange={(event) => toggle(carrier, event.target.checked)}
                  disabled={save.isPending}
                  label={
                    <span className="min-w-0">
                      <span className="block font-medium">{carrier.nome}</span>
                      <span className="block truncate text-xs text-fg-muted">
                        {splitEmails(carrier.email).join(', ')}
                      </span>
                    </span>
                  }
                  className="flex w-full"
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          totalPages={query.data?.totalPages ?? 0}
          onPageChange={(next) => setPaging({ search: debounced, page: next })}
          disabled={query.isPlaceholderData}
        />
      </div>
    </Modal>
  );
}
