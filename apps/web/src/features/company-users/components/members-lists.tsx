import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type ReactNode, useState } from 'react';
import { SearchIcon, TrashIcon, UserMinusIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteInvite } from '../api/delete-invite';
import { type PendingInvite, useInvites } from '../api/list-invites';
import { type CompanyUser, useCompanyUsers } from '../api/list-users';
import type { CompanyScope, MemberFilters } from '../api/scope';
import { useUnlinkUser } from '../api/unlink-user';

const t = ui.companyUsers;
const SEARCH_DEBOUNCE_MS = 300;

const roleFilterOptions = [
  { value: 'all', label: t.roleFilter.all },
  { value: 'supervisor', label: t.roleFilter.supervisor },
  { value: 'analista', label: t.roleFilter.analista },
];

function roleLabel(role: string): string {
  return ui.roles[role as keyof typeof ui.roles] ?? role;
}

function initials(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The list area of the spec: at most about 24rem high, scrolling inside. */
function ScrollList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="members-scroll"
    >
      <ul className="divide-y divide-border">{children}</ul>
    </section>
  );
}

function Row({
  title,
  subtitle,
  badges,
  meta,
  action,
}: {
  title: string;
  subtitle?: string;
  badges: ReactNode;
  meta: ReactNode;
  action: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:items-center">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-fg"
      >
        {initials(title)}
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-fg">{title}</p>
          {subtitle && <p className="truncate text-xs text-fg-muted">{subtitle}</p>}
        </div>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 sm:mt-0 sm:justify-end">
          {badges}
          <span className="text-xs whitespace-nowrap text-fg-muted">{meta}</span>
        </div>
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function UsersList({
  query,
  currentUserId,
  onUnlink,
}: {
  query: ReturnType<typeof useCompanyUsers>;
  currentUserId: string;
  onUnlink: (user: CompanyUser) => void;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <Alert variant="error">{errorText(query.error, t.usersError)}</Alert>;
  if (query.data.length === 0) return <p className="py-8 text-center text-sm text-fg-muted">{t.noUsers}</p>;
  return (
    <ScrollList label={t.activeList}>
      {query.data.map((member) => {
        const isSelf = member.id === currentUserId;
        return (
          <Row
            key={member.id}
            title={member.name}
            subtitle={member.email}
            badges={
              <>
                <Badge variant={member.role === 'supervisor' ? 'primary' : 'neutral'}>
                  {roleLabel(member.role)}
                </Badge>
                {isSelf && <Badge variant="success">{t.you}</Badge>}
              </>
            }
            meta={formatMessage(t.since, { date: formatDate(member.created_at, ui.common.invalidDate) })}
            action={
              isSelf ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger-soft-fg"
                  onClick={() => onUnlink(member)}
                  aria-label={formatMessage(t.unlinkLabel, { name: member.name })}
                >
                  <UserMinusIcon size={16} />
                  <span className="hidden sm:inline">{t.unlink}</span>
                </Button>
              )
            }
          />
        );
      })}
    </ScrollList>
  );
}

function InvitesList({
  query,
  onRemove,
}: {
  query: ReturnType<typeof useInvites>;
  onRemove: (invite: PendingInvite) => void;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <Alert variant="error">{errorText(query.error, t.invitesError)}</Alert>;
  if (query.data.length === 0) return <p className="py-8 text-center text-sm text-fg-muted">{t.noInvites}</p>;
  return (
    <ScrollList label={t.pendingList}>
      {query.data.map((invite) => (
        <Row
          key={invite.id}
          title={invite.name ?? invite.email}
          // Without a name, the e-mail is the title; the role is its badge, not said twice (QA pass 10).
          subtitle={invite.name ? invite.email : undefined}
          badges={
            <>
              <Badge variant={invite.role === 'supervisor' ? 'primary' : 'neutral'}>
                {roleLabel(invite.role)}
              </Badge>
              <Badge variant={invite.isActivated ? 'success' : 'warning'}>
                {invite.isActivated ? t.activated : t.pending}
              </Badge>
            </>
          }
          meta={
            invite.isActivated && invite.activatedAt
              ? formatMessage(t.activatedAt, { date: formatDate(invite.activatedAt, ui.common.invalidDate) })
              : formatMessage(t.invitedAt, { date: formatDate(invite.createdAt, ui.common.invalidDate) })
          }
          action={
            <Button
              variant="ghost"
              size="sm"
              className="text-danger-soft-fg"
              onClick={() => onRemove(invite)}
              aria-label={formatMessage(t.removeInviteLabel, { email: invite.email })}
            >
              <TrashIcon size={16} />
              <span className="hidden sm:inline">{t.removeInvite}</span>
            </Button>
          }
        />
      ))}
    </ScrollList>
  );
}

/** Active users and invites of one company, with search and the role filter (all, supervisor, analista). */
export function MembersLists({ scope, currentUserId }: { scope: CompanyScope; currentUserId: string }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<MemberFilters['role']>('all');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters: MemberFilters = { search: debouncedSearch, role };
  const users = useCompanyUsers(scope, filters);
  const invites = useInvites(scope, filters);
  const unlink = useUnlinkUser();
  const removeInvite = useDeleteInvite();
  const [unlinking, setUnlinking] = useState<CompanyUser | null>(null);
  const [removing, setRemoving] = useState<PendingInvite | null>(null);

  function confirmUnlink() {
    if (!unlinking) return;
    unlink.mutate(
      { userId: unlinking.id, empresaId: scope.empresaId },
      {
        onSuccess: () => {
          showToast({ message: t.unlinked, variant: 'success' });
          setUnlinking(null);
        },
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    removeInvite.mutate(
      { inviteId: removing.id, empresaId: scope.empresaId },
      {
        onSuccess: () => {
          showToast({ message: t.inviteRemoved, variant: 'success' });
          setRemoving(null);
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="members-title"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id="members-title" className="text-base font-semibold text-fg">
        {t.listsTitle}
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Input
          label={t.searchLabel}
          hideLabel
          type="search"
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          endAdornment={<SearchIcon size={16} className="mr-2 text-fg-muted" />}
        />
        <Select
          label={t.roleFilterLabel}
          hideLabel
          options={roleFilterOptions}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberFilters['role'])}
        />
      </div>
      <Tabs
        label={t.listsLabel}
        className="mt-4"
        items={[
          {
            id: 'users',
            label: formatMessage(t.activeTab, { count: users.data?.length ?? '…' }),
            content: <UsersList query={users} currentUserId={currentUserId} onUnlink={setUnlinking} />,
          },
          {
            id: 'invites',
            label: formatMessage(t.pendingTab, { count: invites.data?.length ?? '…' }),
            content: <InvitesList query={invites} onRemove={setRemoving} />,
          },
        ]}
      />

      <ConfirmModal
        open={unlinking !== null}
        title={t.unlinkTitle}
        confirmLabel={t.unlink}
        busyLabel={t.unlinking}
        busy={unlink.isPending}
        error={unlink.isError ? errorText(unlink.error, t.unlinkError) : null}
        onConfirm={confirmUnlink}
        onClose={() => {
          setUnlinking(null);
          unlink.reset();
        }}
      >
        {unlinking && (
          <p>{formatMessage(t.unlinkConfirm, { name: unlinking.name, email: unlinking.email })}</p>
        )}
      </ConfirmModal>
      <ConfirmModal
        open={removing !== null}
        title={t.removeInviteTitle}
        confirmLabel={t.removeInvite}
        busyLabel={t.removingInvite}
        busy={removeInvite.isPending}
        error={removeInvite.isError ? errorText(removeInvite.error, t.removeInviteError) : null}
        onConfirm={confirmRemove}
        onClose={() => {
          setRemoving(null);
          removeInvite.reset();
        }}
      >
        {removing && (
          <p>
            {formatMessage(removing.isActivated ? t.removeActivatedInviteConfirm : t.removeInviteConfirm, {
              email: removing.email,
            })}
          </p>
        )}
      </ConfirmModal>
    </section>
  );
}
