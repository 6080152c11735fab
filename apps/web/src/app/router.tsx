import { ui } from '@cotacoes/shared/messages/ui';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { AppShell } from './layout/app-shell';
import { RootLayout, RouteErrorPage } from './root-layout';

type Loader = () => Promise<{ default: ComponentType }>;

/** Route-level code splitting: each screen is its own chunk, fetched when the route matches. */
const page = (load: Loader) => async () => ({ Component: (await load()).default });

/** The spec's route table (section 2); any other path goes to /login. */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoading />,
      children: [
        {
          element: <PublicOnlyRoute />,
          children: [
            { path: paths.auth.login.path, lazy: page(() => import('./routes/login')) },
            { path: paths.auth.register.path, lazy: page(() => import('./routes/register')) },
            {
              path: paths.auth.forgotPassword.path,
              lazy: page(() => import('./routes/forgot-password')),
            },
          ],
        },
        { path: paths.auth.verifyEmail.path, lazy: page(() => import('./routes/verify-email')) },
        { path: paths.auth.createPassword.path, lazy: page(() => import('./routes/create-password')) },
        { path: paths.auth.googleCallback.path, lazy: page(() => import('./routes/google-callback')) },
        { path: paths.auth.tokenCallback.path, lazy: page(() => import('./routes/token-callback')) },
        { path: paths.auth.gmailCallback.path, lazy: page(() => import('./routes/gmail-callback')) },
        { path: paths.mailbox.path, lazy: page(() => import('./routes/mailbox')) },
        // The carrier portal: public whether or not someone is signed in (issue 35).
        { path: paths.portal.entry.path, lazy: page(() => import('./routes/portal-entry')) },
        { path: paths.portal.answer.path, lazy: page(() => import('./routes/portal-answer')) },
        {
          element: <ProtectedRoute />,
          children: [
            { path: paths.onboarding.path, lazy: page(() => import('./routes/onboarding')) },
            {
              element: <AppShell />,
              children: [
                {
                  element: <ProtectedRoute requireEmpresa />,
                  children: [
                    { index: true, lazy: page(() => import('./routes/dashboard')) },
                    { path: paths.management.path, lazy: page(() => import('./routes/management')) },
                    { path: paths.quotes.new.path, lazy: page(() => import('./routes/quotes')) },
                    { path: paths.quotes.sent.path, lazy: page(() => import('./routes/sent-quotes')) },
                    { path: paths.quotes.detail.path, lazy: page(() => import('./routes/quote-detail')) },
                    { path: paths.indicators.path, lazy: page(() => import('./routes/indicators')) },
                    { path: paths.lanes.list.path, lazy: page(() => import('./routes/lanes')) },
                    { path: paths.lanes.detail.path, lazy: page(() => import('./routes/lane-detail')) },
                  ],
                },
                { path: paths.settings.root.path, lazy: page(() => import('./routes/settings')) },
                {
                  path: paths.settings.changePassword.path,
                  lazy: page(() => import('./routes/change-password')),
                },
                { path: paths.support.path, lazy: page(() => import('./routes/support')) },
                // Spec 001 §6: a signed-in user reaches it; without a company the page says 'Acesso Negado'.
                { path: paths.quotes.approve.path, lazy: page(() => import('./routes/quote-approve')) },
                // Spec 001: the extraction test tool needs only a signed-in user.
                { path: paths.quotes.extract.path, lazy: page(() => import('./routes/extract')) },
                {
                  element: <ProtectedRoute requireEmpresa empresaOptionalFor={['desenvolvedor']} />,
                  children: [
                    { path: paths.replies.unmatched.path, lazy: page(() => import('./routes/unmatched')) },
                  ],
                },
                {
                  element: <ProtectedRoute requiredRole="desenvolvedor" />,
                  children: [
                    { path: paths.companies.list.path, lazy: page(() => import('./routes/companies')) },
                    {
                      path: paths.replies.failed.path,
                      lazy: page(() => import('./routes/failed-messages')),
                    },
                  ],
                },
                {
                  element: (
                    <ProtectedRoute
                      requiredRole={['desenvolvedor', 'supervisor']}
                      deniedMessage={ui.accessDenied.viewMessage}
                    />
                  ),
                  children: [
                    {
                      path: paths.companies.assignUser.path,
                      lazy: page(() => import('./routes/assign-user')),
                    },
                    {
                      path: paths.companies.users.path,
                      lazy: page(() => import('./routes/company-users')),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.auth.login.getHref()} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
