import { ui } from '@cotacoes/shared/messages/ui';
import type { Dashboard } from '@cotacoes/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardKey = ['dashboard'] as const;
/** Counts move as replies arrive: the dashboard refreshes while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** `GET /api/dashboard`: the cards, the recent activity and the nearest deadlines in one call. */
export function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard', { fallback: ui.dashboard.loadError });
}

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    // Any change elsewhere (a quote sent, a carrier added) shows when the user comes back.
    staleTime: 0,
  });
}
