import { ui } from '@cotacoes/shared/messages/ui';
import { useNavigate } from 'react-router';
import { BuildingIcon, LogOutIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { AuthLayout, SignUpSteps } from '@/features/auth/components/auth-layout';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';

/** /onboarding/company: the fourth sign-up step, in the sign-up layout, with a way to leave. */
export default function OnboardingRoute() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <AuthLayout aside={<SignUpSteps current={4} />}>
      <PageTitle title={ui.onboarding.title} />
      <div className="space-y-5">
        <div className="flex items-start gap-3">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
            <BuildingIcon size={26} />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-fg">{ui.onboarding.heading}</h1>
            <p className="mt-1 text-sm text-fg-muted">{ui.onboarding.intro}</p>
          </div>
        </div>
        <OnboardingPage />
        <div className="border-t border-border pt-4">
          <Button
            variant="ghost"
            size="sm"
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
