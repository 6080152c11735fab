import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoading } from '@/components/ui/spinner';
import { InboundHealthBanner } from '@/features/inbound-sources';
import { TourHost } from '@/features/tour/components/tour-host';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/session';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarCollapsed } from './use-sidebar';

/** Signed-in frame: sidebar, top bar, content, footer, scroll-to-top. */
export function AppShell() {
  const user = useUser();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    setMobileOpen(false);
    // Moves focus to the new page for keyboard and screen-reader users (not on the first load).
    if (pathname !== firstPath.current) mainRef.current?.focus({ preventScroll: true });
    firstPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  if (!user) return <FullPageLoading />;

  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#conteudo"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {ui.shell.skipToContent}
      </a>
      {navigation.state === 'loading' && (
        <div className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-primary" aria-hidden="true" />
      )}
      <Sidebar
        role={user.role}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      {mobileOpen && (
        <div
          className="fixed inset-0 z-40 bg-slate-950/50 md:hidden"
          aria-hidden="true"
          onClick={() => setMobileOpen(false)}
        />
      )}
      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'md:pl-16' : 'md:pl-64',
        )}
      >
        <TopBar user={user} onOpenMenu={() => setMobileOpen(true)} />
        <main
          id="conteudo"
          ref={mainRef}
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 2xl:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">
            <InboundHealthBanner role={user.role} />
            <Outlet />
          </div>
        </main>
        <Footer />
      </div>
      <ScrollToTop />
      <TourHost />
    </div>
  );
}
