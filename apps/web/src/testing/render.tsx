import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { createRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';

/** Renders routes in a memory router with the real providers (query client, toasts). */
export function renderRoutes(routes: RouteObject[], initialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** The whole application route table, starting at `initialEntry`. */
export function renderApp(initialEntry = '/') {
  return renderRoutes(createRoutes(), initialEntry);
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** One element at `path`, plus a stub page for every other path so navigations can be asserted. */
export function renderAt(element: ReactNode, path = '/', initialEntry = path) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    initialEntry,
  );
}
