import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { Link } from 'react-router';
import {
  AppLogo,
  LifeBuoyIcon,
  MenuIcon,
  MoonIcon,
  PlayCircleIcon,
  SettingsIcon,
  SunIcon,
} from '@/components/icons';
import { paths } from '@/config/paths';
import { RatesTicker } from '@/features/rates/components/rates-ticker';
import { useStartTutorial } from '@/features/tour/hooks/use-start-tutorial';
import { cn } from '@/lib/cn';
import { toggleTheme, useTheme } from '@/lib/theme';

const iconButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-medium text-fg-muted transition-colors ' +
  'hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function TopBar({ user, onOpenMenu }: { user: User; onOpenMenu: () => void }) {
  const theme = useTheme();
  const startTutorial = useStartTutorial();
  const themeLabel = theme === 'dark' ? ui.shell.topBar.themeToLight : ui.shell.topBar.themeToDark;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label={ui.shell.openMenu}
          aria-controls="menu-lateral"
          className={cn(iconButton, 'md:hidden')}
        >
          <MenuIcon size={22} />
        </button>
        <span className="flex items-center md:hidden" title={ui.appName}>
          <AppLogo size={28} />
        </span>
        <RatesTicker className="order-last w-full overflow-x-auto pb-1 sm:order-none sm:w-auto sm:pb-0" />
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={startTutorial}
            title={ui.shell.topBar.tutorialHint}
            className={iconButton}
          >
            <PlayCircleIcon size={20} />
            <span className="sr-only lg:not-sr-only">{ui.shell.topBar.tutorial}</span>
          </button>
          <Link
            to={paths.support.getHref()}
            className={iconButton}
            aria-label={ui.shell.topBar.support}
            title={ui.shell.topBar.support}
          >
            <LifeBuoyIcon size={20} />
          </Link>
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={themeLabel}
            title={themeLabel}
            className={iconButton}
            data-testid="theme-toggle"
          >
            {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
          </button>
          <Link
            to={paths.settings.root.getHref()}
            className={iconButton}
            aria-label={ui.shell.topBar.settings}
            title={ui.shell.topBar.settings}
          >
            <SettingsIcon size={20} />
          </Link>
          <div className="ml-2 hidden items-center gap-2 border-l border-border pl-3 lg:flex">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-fg"
            >
              {user.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="max-w-40 leading-tight">
              <span className="block truncate text-sm font-medium text-fg">{user.name}</span>
              <span className="block text-xs text-fg-muted">{ui.roles[user.role]}</span>
            </span>
          </div>
        </div>
      </div>
    </header>
  );
}
