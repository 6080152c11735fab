import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { AppLogo, MoonIcon, SunIcon } from '@/components/icons';
import { toggleTheme, useTheme } from '@/lib/theme';

/** Public screens: brand panel on wide screens, the form card everywhere. */
export function AuthLayout({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  const theme = useTheme();
  const themeLabel = theme === 'dark' ? ui.shell.topBar.themeToLight : ui.shell.topBar.themeToDark;
  return (
    <div className="grid min-h-dvh bg-bg lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <aside className="relative order-last flex flex-col overflow-hidden bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 px-6 py-10 text-white sm:px-10 lg:order-none lg:p-12">
        <div className="hidden items-center gap-3 lg:flex">
          <AppLogo size={40} />
          <span className="text-xl font-bold">{ui.appName}</span>
        </div>
        <div className="max-w-lg lg:my-auto lg:py-10">{aside}</div>
      </aside>
      <main className="flex flex-col px-4 py-6 sm:px-8">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2 lg:invisible">
            <AppLogo size={32} />
            <span className="text-base font-bold text-fg">{ui.appName}</span>
          </div>
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={themeLabel}
            title={themeLabel}
            data-testid="theme-toggle"
            className="rounded-lg p-2 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
          </button>
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-md">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** Aside of the sign-up screens: the four steps, the current one marked. */
export function SignUpSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <div>
      <h2 className="text-2xl font-bold leading-tight lg:text-3xl">{ui.authLayout.stepsTitle}</h2>
      <ol className="mt-8 space-y-5">
        {ui.authLayout.steps.map((step, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'next';
          return (
            <li
              key={step}
              className="flex items-start gap-4"
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span
                className={
                  state === 'current'
                    ? 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white font-semibold text-blue-800'
                    : state === 'done'
                      ? 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-500 font-semibold text-white'
                      : 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-blue-300 font-semibold text-blue-100'
                }
              >
                {number}
              </span>
              <span className={state === 'current' ? 'pt-1 font-semibold text-white' : 'pt-1 text-blue-100'}>
                {step}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-10 text-sm text-blue-100">{ui.authLayout.secure}</p>
    </div>
  );
}

export function AuthCardHeader({
  title,
  subtitle,
  step,
}: {
  title: string;
  subtitle?: ReactNode;
  step?: string;
}) {
  return (
    <div className="mb-6">
      {step && (
        <p className="mb-2 text-xs font-semibold tracking-wide text-primary-soft-fg uppercase">{step}</p>
      )}
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      {subtitle && <p className="mt-2 text-sm text-fg-muted">{subtitle}</p>}
    </div>
  );
}
