import { ui } from '@cotacoes/shared/messages/ui';
import type { Role } from '@cotacoes/shared/rules/roles';
import { useEffect, useRef } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { AppLogo, ChevronLeftIcon, ChevronRightIcon, LogOutIcon, XIcon } from '@/components/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { isSettingsSection, type NavItem, navItems, visibleFor } from './nav-items';

interface SidebarProps {
  role: Role;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

const itemBase =
  'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function itemClasses(item: NavItem, active: boolean, collapsed: boolean) {
  return cn(
    itemBase,
    collapsed && 'md:justify-center md:px-0',
    item.highlighted
      ? cn(
          'bg-primary text-primary-fg shadow-sm hover:bg-primary-hover',
          active && 'ring-2 ring-primary/40 ring-offset-1 ring-offset-surface',
        )
      : active
        ? 'bg-primary-soft text-primary-soft-fg'
        : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
  );
}

function SidebarLink({
  item,
  collapsed,
  forceActive,
  nested,
}: {
  item: NavItem;
  collapsed: boolean;
  forceActive?: boolean;
  nested?: boolean;
}) {
  const { pathname } = useLocation();
  const isCurrent =
    matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null ||
    (item.alsoActiveOn?.includes(pathname) ?? false);
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      title={collapsed ? item.label : undefined}
      aria-current={isCurrent ? 'page' : undefined}
      className={cn(
        itemClasses(item, isCurrent || Boolean(forceActive), collapsed),
        nested && !collapsed && 'ml-6',
      )}
    >
      <Icon size={nested ? 18 : 20} className="shrink-0" />
      <span className={cn('truncate', collapsed && 'md:sr-only')}>{item.label}</span>
    </Link>
  );
}

export function Sidebar({ role, collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const settingsOpen = isSettingsSection(pathname);
  const hasEmpresa = Boolean(useSession().user?.empresaId);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mobileOpen) closeRef.current?.focus();
  }, [mobileOpen]);

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => navigate(paths.auth.login.getHref(), { replace: true }) });
  }

  return (
    <aside
      id="menu-lateral"
      className={cn(
        'fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-border bg-surface transition-[width,translate] duration-200',
        collapsed ? 'md:w-16' : 'md:w-64',
        // Off-screen on phones it must not take keyboard focus either.
        mobileOpen ? 'translate-x-0 shadow-2xl' : '-translate-x-full max-md:invisible md:translate-x-0',
      )}
      data-collapsed={collapsed}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-2 border-b border-border px-4',
          collapsed && 'md:justify-center md:px-0',
        )}
      >
        <AppLogo size={32} />
        {/* The whole name, on two lines if the drawer's close button leaves too little room. */}
        <span
          className={cn(
            'min-w-0 text-[15px] leading-tight font-bold tracking-tight text-fg',
            collapsed && 'md:hidden',
          )}
          data-testid="sidebar-app-name"
        >
          {ui.appName}
        </span>
        <button
          ref={closeRef}
          type="button"
          onClick={onCloseMobile}
          aria-label={ui.shell.closeMenu}
          className="ml-auto rounded-md p-2 text-fg-muted hover:bg-surface-muted md:hidden"
        >
          <XIcon size={20} />
        </button>
      </div>

      <nav aria-label={ui.shell.mainNav} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {visibleFor(navItems, role, hasEmpresa).map((item) => {
            const children = item.children ? visibleFor(item.children, role) : [];
            return (
              <li key={item.to}>
                <SidebarLink
                  item={item}
                  collapsed={collapsed}
                  forceActive={children.length > 0 && settingsOpen}
                />
                {children.length > 0 && settingsOpen && (
                  <ul className="mt-1 space-y-1">
                    {children.map((child) => (
                      <li key={child.to}>
                        <SidebarLink item={child} collapsed={collapsed} nested />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="space-y-1 border-t border-border p-3">
        <button
          type="button"
          onClick={onLogout}
          disabled={logout.isPending}
          aria-label={`${ui.shell.nav.logout}${ui.shell.nav.logoutDetail}`}
          title={collapsed ? `${ui.shell.nav.logout}${ui.shell.nav.logoutDetail}` : undefined}
          className={cn(
            itemBase,
            'w-full text-fg-muted hover:bg-danger-soft hover:text-danger-soft-fg disabled:opacity-60',
            collapsed && 'md:justify-center md:px-0',
          )}
        >
          {logout.isPending ? <Spinner size={20} /> : <LogOutIcon size={20} className="shrink-0" />}
          <span className={cn('truncate text-left', collapsed && 'md:sr-only')}>
            {ui.shell.nav.logout}
            <span className="font-normal">{ui.shell.nav.logoutDetail}</span>
          </span>
        </button>
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? ui.shell.expandSidebar : ui.shell.collapseSidebar}
          aria-expanded={!collapsed}
          aria-controls="menu-lateral"
          className={cn(
            itemBase,
            'hidden w-full text-fg-muted hover:bg-surface-muted hover:text-fg md:flex',
            collapsed && 'md:justify-center md:px-0',
          )}
        >
          {collapsed ? <ChevronRightIcon size={20} /> : <ChevronLeftIcon size={20} />}
          <span className={cn(collapsed && 'sr-only')}>{ui.shell.collapseSidebar}</span>
        </button>
      </div>
    </aside>
  );
}
