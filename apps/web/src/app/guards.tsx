import { ui } from '@cotacoes/shared/messages/ui';
import type { Role } from '@cotacoes/shared/rules/roles';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ShieldAlertIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { FullPageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

export interface ProtectedRouteProps {
  /** The company-link variant: a user without empresaId goes to /onboarding/company. */
  requireEmpresa?: boolean;
  /** One required role or a list of allowed roles; a mismatch shows 'Acesso Negado'. */
  requiredRole?: Role | readonly Role[];
  /** Roles that pass `requireEmpresa` without a company (a desenvolvedor sees data of no company). */
  empresaOptionalFor?: readonly Role[];
  deniedMessage?: string;
  children?: ReactNode;
}

export function hasRole(userRole: Role, required: Role | readonly Role[]): boolean {
  return typeof required === 'string' ? userRole === required : required.includes(userRole);
}

/** Route guard of spec 2: 'Carregando...' while restoring, /login without a user, company and role checks. */
export function ProtectedRoute({
  requireEmpresa,
  requiredRole,
  empresaOptionalFor,
  deniedMessage,
  children,
}: ProtectedRouteProps) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <FullPageLoading />;
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace state={{ from: location.pathname }} />;
  if (requireEmpresa && !user.empresaId && !empresaOptionalFor?.includes(user.role))
    return <Navigate to={paths.onboarding.getHref()} replace />;
  if (requiredRole && !hasRole(user.role, requiredRole)) return <AccessDenied message={deniedMessage} />;
  return children ?? <Outlet />;
}

export function AccessDenied({ message = ui.accessDenied.message }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <PageTitle title={ui.accessDenied.title} />
      <div className="mb-4 rounded-full bg-danger-soft p-4 text-danger-soft-fg">
        <ShieldAlertIcon size={32} />
      </div>
      <h1 className="text-2xl font-bold text-fg">{ui.accessDenied.title}</h1>
      <p className="mt-2 text-fg-muted">{message}</p>
      <Link to={paths.home.getHref()} className={buttonClasses({ className: 'mt-6' })}>
        {ui.common.backToDashboard}
      </Link>
    </div>
  );
}

/** Public sign-in screens send a signed-in user to the dashboard instead of showing the form again. */
export function PublicOnlyRoute({ children }: { children?: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'restoring') return <FullPageLoading />;
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return children ?? <Outlet />;
}
