import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '@/api/get-public-config';
import { BuildingIcon, LifeBuoyIcon, LogOutIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';

/** Placeholder until the onboarding issue: explains why a company link is needed and lets the user leave. */
export default function OnboardingRoute() {
  const navigate = useNavigate();
  const logout = useLogout();
  const config = usePublicConfig();
  return (
    <AuthLayout aside={<SignUpSteps current={4} />}>
      <PageTitle title={ui.onboarding.title} />
      <div className="space-y-5">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <BuildingIcon size={26} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{ui.onboarding.heading}</h1>
        <p className="text-sm text-fg-muted">{ui.onboarding.intro}</p>
        <Alert variant="info" title={ui.common.underConstruction}>
          {ui.onboarding.placeholder}
        </Alert>
        {config.data?.supportEmail && (
          <p className="text-sm text-fg-muted">
            {formatMessage(ui.onboarding.support, { email: config.data.supportEmail })}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.support.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            <LifeBuoyIcon size={16} />
            {ui.shell.nav.support}
          </Link>
          <Button
            variant="ghost"
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSettled: () => navigate(paths.auth.login.getHref(), { replace: true }),
              })
            }
          >
            <LogOutIcon size={16} />
            {ui.onboarding.logout}
          </Button>
        </div>
      </div>
    </AuthLayout>
  );
}
