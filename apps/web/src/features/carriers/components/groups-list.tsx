import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useState } from 'react';
import { PencilIcon, SearchIcon, TrashIcon, UsersIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorText, isEmpresaRequiredError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteGroup } from '../api/delete-group';
import { type GrupoCartao, useGroupsPage } from '../api/list-groups';
import { SEARCH_DEBOUNCE_MS } from './carriers-list';
import { EditGroupModal } from './edit-group-modal';
import { ListSkeleton } from './list-skeleton';
import { ManageMembersModal } from './manage-members-modal';

const t = ui.management.groups;

function GroupCard({
  grupo,
  onManage,
  onEdit,
  onDelete,
}: {
  grupo: GrupoCartao;
  onManage: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const members = grupo.primeirosTransportadores;
  const hidden = grupo.totalTransportadores - members.length;
  return (
    <li className="flex flex-col rounded-xl border border-border bg-surface p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-1 h-4 w-4 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20"
          style={{ backgroundColor: grupo.cor }}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium text-fg">{grupo.nome}</h3>
            <Badge variant={grupo.ativo ? 'success' : 'neutral'}>
              {grupo.ativo ? ui.management.active : ui.management.inactive}
            </Badge>
          </div>
          {grupo.descricao && <p className="mt-1 text-sm break-words text-fg-muted">{grupo.descricao}</p>}
          <p className="mt-1 text-xs text-fg-muted">
            {formatMessage(t.createdAt, { date: grupo.data_criacao })}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={formatMessage(t.editLabel, { nome: grupo.nome })}
            title={t.edit}
          >
            <PencilIcon size={16} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-danger-soft-fg"
            onClick={onDelete}
            aria-label={formatMessage(t.deleteLabel, { nome: grupo.nome })}
            title={t.delete}
          >
            <TrashIcon size={16} />
          </Button>
        </div>
      </div>
      <div className="mt-3 flex-1 border-t border-border pt-3">
        <p className="flex items-center gap-1.5 text-sm font-medium text-fg">
          <UsersIcon size={16} className="text-fg-muted" />
          {formatMessage(t.members, { count: grupo.totalTransportadores })}
        </p>
        {members.length === 0 ? (
          <p className="mt-1 text-xs text-fg-muted">{t.noMembers}</p>
        ) : (
          <p className="mt-1 text-xs text-fg-muted">
            {members.map((member) => member.nome).join(', ')}
            {hidden > 0 && ` ${formatMessage(ui.management.more, { count: hidden })}`}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3 self-start"
        onClick={onManage}
        aria-label={formatMessage(t.manageMembersLabel, { nome: grupo.nome })}
      >
        <UsersIcon size={16} />
        {t.manageMembers}
      </Button>
    </li>
  );
}

/** Groups with search on name or description, member counts, edit, delete and members (spec 2). */
export function GroupsList() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debounced ? paging.page : 1;
  const query = useGroupsPage(debounced, page);
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<GrupoCartao | null>(null);
  const [managing, setManaging] = useState<GrupoCartao | null>(null);
  const [deleting, setDeleting] = useState<GrupoCartao | null>(null);
  const totalPages = query.data?.totalPages ?? 0;

  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPaging({ search: debounced, page: totalPages });
  }, [totalPages, page, debounced]);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t.deleted, variant: 'success' });
        setDeleting(null);
      },
    });
  }

  return (
    <section aria-labelledby="groups-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="groups-list-title" className="text-lg font-semibold text-fg">
            {t.listTitle}
          </h2>
          <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
            {query.data ? formatMessage(t.count, { count: query.data.total }) : ' '}
            {query.isFetching && query.data && <Spinner size={14} className="text-primary" />}
          </p>
        </div>
        <Input
          label={t.searchLabel}
          hideLabel
          type="search"
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
          containerClassName="w-full sm:w-80"
        />
      </div>

      {query.isPending && <ListSkeleton rows={3} />}
      {query.isError && !isEmpresaRequiredError(query.error) && (
        <Alert variant="error">{errorText(query.error, t.loadError)}</Alert>
      )}
      {query.isSuccess && query.data.data.length === 0 && (
        <Card className="px-4 py-10 text-center text-sm text-fg-muted">
          {debounced ? t.emptyFiltered : t.empty}
        </Card>
      )}
      {query.isSuccess && query.data.data.length > 0 && (
        <ul
          aria-label={t.listLabel}
          aria-busy={query.isPlaceholderData || undefined}
          className="grid gap-3 md:grid-cols-2"
        >
          {query.data.data.map((grupo) => (
            <GroupCard
              key={grupo.id}
              grupo={grupo}
              onManage={() => setManaging(grupo)}
              onEdit={() => setEditing(grupo)}
              onDelete={() => {
                remove.reset();
                setDeleting(grupo);
              }}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={(next) => setPaging({ search: debounced, page: next })}
        disabled={query.isPlaceholderData}
      />

      {editing && <EditGroupModal grupo={editing} onClose={() => setEditing(null)} />}
      {managing && <ManageMembersModal grupo={managing} onClose={() => setManaging(null)} />}
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
        <p className="text-fg-muted">{t.deleteNote}</p>
      </ConfirmModal>
    </section>
  );
}
