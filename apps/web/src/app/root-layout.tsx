import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigate, useRouteError } from 'react-router';
import { AlertTriangleIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { setNavigator } from '@/lib/navigation';

/** Top route: hands the router's navigate to non-React code (the API client's 401 redirect). */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to, { replace: true }));
    return () => setNavigator(null);
  }, [navigate]);
  return <Outlet />;
}

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const outdated = isChunkLoadError(error);
  const message = outdated
    ? ui.errorPage.outdated
    : isRouteErrorResponse(error)
      ? error.statusText || ui.errorPage.message
      : ui.errorPage.message;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg px-4">
      <PageTitle title={ui.errorPage.title} />
      <div className="max-w-md text-center">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-fg">
          <AlertTriangleIcon size={28} />
        </div>
        <h1 className="text-2xl font-bold text-fg">{ui.errorPage.title}</h1>
        <p className="mt-2 text-fg-muted">{message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {ui.errorPage.reload}
        </Button>
      </div>
    </div>
  );
}
