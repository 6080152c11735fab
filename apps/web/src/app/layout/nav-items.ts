import { ui } from '@cotacoes/shared/messages/ui';
import type { Role } from '@cotacoes/shared/rules/roles';
import type { ComponentType } from 'react';
import {
  AlertTriangleIcon,
  BuildingIcon,
  ChartIcon,
  DashboardIcon,
  FilePlusIcon,
  FileTextIcon,
  type IconProps,
  InboxIcon,
  KeyIcon,
  LifeBuoyIcon,
  RouteIcon,
  SettingsIcon,
  TruckIcon,
  UsersIcon,
} from '@/components/icons';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Only these roles see the entry. */
  roles?: readonly Role[];
  /** Shown to users with a company, and without one only to these roles. */
  empresaOptionalFor?: readonly Role[];
  highlighted?: boolean;
  end?: boolean;
  /** Other paths on which the entry counts as active. */
  alsoActiveOn?: readonly string[];
  children?: readonly NavItem[];
}

/** Sidebar entries of spec 2, in order. */
export const navItems: readonly NavItem[] = [
  {
    label: ui.shell.nav.newQuote,
    to: paths.quotes.new.getHref(),
    icon: FilePlusIcon,
    highlighted: true,
    end: true,
  },
  { label: ui.shell.nav.sentQuotes, to: paths.quotes.sent.getHref(), icon: FileTextIcon },
  {
    label: ui.shell.nav.unmatched,
    to: paths.replies.unmatched.getHref(),
    icon: InboxIcon,
    empresaOptionalFor: ['desenvolvedor'],
  },
  {
    label: ui.shell.nav.failed,
    to: paths.replies.failed.getHref(),
    icon: AlertTriangleIcon,
    roles: ['desenvolvedor'],
  },
  { label: ui.shell.nav.dashboard, to: paths.home.getHref(), icon: DashboardIcon, end: true },
  { label: ui.shell.nav.management, to: paths.management.getHref(), icon: TruckIcon },
  { label: ui.shell.nav.indicators, to: paths.indicators.getHref(), icon: ChartIcon },
  { label: ui.shell.nav.lanes, to: paths.lanes.list.getHref(), icon: RouteIcon },
  {
    label: ui.shell.nav.companies,
    to: paths.companies.list.getHref(),
    icon: BuildingIcon,
    roles: ['desenvolvedor'],
    end: true,
  },
  {
    label: ui.shell.nav.settings,
    to: paths.settings.root.getHref(),
    icon: SettingsIcon,
    end: true,
    children: [
      {
        label: ui.shell.nav.changePassword,
        to: paths.settings.changePassword.getHref(),
        icon: KeyIcon,
        end: true,
      },
      {
        label: ui.shell.nav.manageAccess,
        to: paths.companies.assignUser.getHref(),
        icon: UsersIcon,
        roles: ['desenvolvedor', 'supervisor', 'analista'],
        end: true,
        alsoActiveOn: [paths.companies.users.path],
      },
    ],
  },
  { label: ui.shell.nav.support, to: paths.support.getHref(), icon: LifeBuoyIcon },
];

/** The settings submenu opens while the settings section (including its access pages) is active. */
export function isSettingsSection(pathname: string): boolean {
  return (
    pathname.startsWith(paths.settings.root.path) ||
    pathname === paths.companies.assignUser.path ||
    pathname === paths.companies.users.path
  );
}

export function visibleFor(items: readonly NavItem[], role: Role, hasEmpresa = true): NavItem[] {
  return items.filter(
    (item) =>
      (!item.roles || item.roles.includes(role)) &&
      (!item.empresaOptionalFor || hasEmpresa || item.empresaOptionalFor.includes(role)),
  );
}
