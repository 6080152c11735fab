import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { AppLogo, MoonIcon, SunIcon } from '@/components/icons';
import { toggleTheme, useTheme } from '@/lib/theme';
import { PortalLanguageSwitch, usePortalTexts } from './portal-language';

/**
 * The carrier portal's frame, in the page's language: the brand, the language switch (the entry page's:
 * `languageSwitch`), the theme switch and one column of content (phone first).
 */
export function PortalLayout({
  children,
  wide = false,
  languageSwitch = false,
}: {
  children: ReactNode;
  wide?: boolean;
  languageSwitch?: boolean;
}) {
  const theme = useTheme();
  const { t } = usePortalTexts();
  const themeLabel = theme === 'dark' ? t.theme.toLight : t.theme.toDark;
  return (
    <div className="min-h-dvh bg-bg">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            <AppLogo size={28} />
            <span className="truncate text-sm font-semibold text-fg sm:text-base">
              <span className="hidden sm:inline">{ui.appName} · </span>
              {t.brand}
            </span>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {languageSwitch && <PortalLanguageSwitch />}
            <button
              type="button"
              onClick={toggleTheme}
              aria-label={themeLabel}
              title={themeLabel}
              data-testid="theme-toggle"
              className="shrink-0 rounded-lg p-2 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
            </button>
          </div>
        </div>
      </header>
      <main className={wide ? 'mx-auto max-w-4xl px-4 py-6' : 'mx-auto max-w-md px-4 py-10'}>{children}</main>
    </div>
  );
}
