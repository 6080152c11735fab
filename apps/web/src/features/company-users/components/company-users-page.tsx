import { ui } from '@cotacoes/shared/messages/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCompanies } from '@/api/list-companies';
import { ArrowLeftIcon, UserPlusIcon, UsersIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import type { CompanyScope } from '../api/scope';
import { AssignUserForm } from './assign-user-form';
import { JoinRequestsPanel } from './join-requests-panel';
import { MembersLists } from './members-lists';

const t = ui.companyUsers;

export type CompanyUsersVariant = 'assign' | 'users';

/**
 * Company user management (spec 2; /empresas/assign-user and /empresas/users). A supervisor manages their
 * own company; a desenvolvedor picks any company (their visão first). The route guard denies the others.
 */
export function CompanyUsersPage({ variant }: { variant: CompanyUsersVariant }) {
  const user = useUser();
  const isDeveloper = user?.role === 'desenvolvedor';
  const companies = useCompanies({ enabled: isDeveloper });
  const [chosen, setChosen] = useState<string | null>(null);
  const title = variant === 'assign' ? t.assignTitle : t.usersTitle;

  const empresaId = isDeveloper
    ? (chosen ?? user?.empresaId ?? companies.data?.[0]?.id ?? null)
    : (user?.empresaId ?? null);
  const scope: CompanyScope | null = empresaId ? { kind: isDeveloper ? 'empresa' : 'mine', empresaId } : null;
  const ownCompany = empresaId !== null && empresaId === user?.empresaId;

  const header = (
    <>
      <PageTitle title={title} />
      <PageHeader
        title={title}
        description={t.subtitle}
        actions={
          <>
            <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              <ArrowLeftIcon size={16} />
              {t.back}
            </Link>
            {variant === 'assign' ? (
              <Link to={paths.companies.users.getHref()} className={buttonClasses({ variant: 'ghost' })}>
                <UsersIcon size={16} />
                {t.goToUsers}
              </Link>
            ) : (
              <Link to={paths.companies.assignUser.getHref()} className={buttonClasses()}>
                <UserPlusIcon size={16} />
                {t.goToAssign}
              </Link>
            )}
          </>
        }
      />
    </>
  );

  if (!user) return null;
  if (!isDeveloper && !user.empresaId) {
    return (
      <div className="mx-auto max-w-5xl">
        {header}
        <Alert variant="error">{t.noCompany}</Alert>
      </div>
    );
  }

  const form = <AssignUserForm empresaId={empresaId} />;
  const requests = empresaId && <JoinRequestsPanel empresaId={empresaId} ownCompany={ownCompany} />;
  const lists = scope && <MembersLists key={scope.empresaId} scope={scope} currentUserId={user.id} />;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {header}
      {isDeveloper && (
        <Card className="p-5">
          {companies.isPending ? (
            <LoadingState className="py-4" />
          ) : companies.isError ? (
            <Alert variant="error">{errorText(companies.error, ui.companies.loadError)}</Alert>
          ) : (
            <Select
              label={t.companyLabel}
              name="empresaId"
              placeholder={companies.data.length === 0 ? t.companyPlaceholder : undefined}
              options={companies.data.map((empresa) => ({
                value: empresa.id,
                label: `${empresa.nome} (${empresa.codigo})`,
              }))}
              value={empresaId ?? ''}
              onChange={(event) => setChosen(event.target.value || null)}
              containerClassName="max-w-md"
            />
          )}
        </Card>
      )}
      {variant === 'assign' ? (
        <>
          {form}
          {requests}
          {lists}
        </>
      ) : (
        <>
          {requests}
          {lists}
        </>
      )}
    </div>
  );
}
