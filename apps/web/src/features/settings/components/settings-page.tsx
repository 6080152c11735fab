import { ui } from '@cotacoes/shared/messages/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, ChevronRightIcon, MoonIcon, SunIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { Switch } from '@/components/ui/switch';
import { SAVED_INDICATOR_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { ExtractionSettingsSection } from '@/features/extraction-settings';
import { FollowUpSettingsSection } from '@/features/follow-up';
import { InboundSourcesSection } from '@/features/inbound-sources';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUser } from '@/lib/session';
import { setTheme, type Theme, useTheme } from '@/lib/theme';
import { useUpdateProfile } from '../api/update-profile';
import { MailIntegrationSection } from './mail-integration-section';
import { MicrosoftMailboxSection } from './microsoft-mailbox-section';

function ThemeChoice() {
  const theme = useTheme();
  const options: Array<{ value: Theme; label: string; Icon: typeof SunIcon }> = [
    { value: 'light', label: ui.settings.themeLight, Icon: SunIcon },
    { value: 'dark', label: ui.settings.themeDark, Icon: MoonIcon },
  ];
  return (
    <fieldset>
      <legend className="sr-only">{ui.settings.themeLegend}</legend>
      <div className="grid max-w-md grid-cols-2 gap-3">
        {options.map(({ value, label, Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              theme === value
                ? 'border-primary bg-primary-soft text-primary-soft-fg'
                : 'border-border-strong text-fg hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value)}
              className="sr-only"
            />
            <Icon size={18} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function EmailCopyPreference() {
  const user = useUser();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!user) return null;

  function onChange(receiveEmailCopy: boolean) {
    setSaved(false);
    update.mutate(
      { receiveEmailCopy },
      {
        onSuccess: () => {
          setSaved(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
        },
      },
    );
  }

  return (
    <div className="space-y-3">
      <Switch
        checked={update.isPending ? Boolean(update.variables?.receiveEmailCopy) : user.receiveEmailCopy}
        onCheckedChange={onChange}
        disabled={update.isPending}
        label={ui.settings.emailCopy}
        description={ui.settings.emailCopyHint}
      />
      <div aria-live="polite" className="min-h-5 text-sm">
        {saved && <span className="font-medium text-success-soft-fg">{ui.common.saved}</span>}
        {update.isPending && <span className="text-fg-muted">{ui.common.saving}</span>}
      </div>
      {update.isError && (
        <Alert variant="error">{errorText(update.error, ui.settings.preferenceError)}</Alert>
      )}
    </div>
  );
}

export function SettingsPage() {
  const user = useUser();
  return (
    <>
      <PageTitle title={ui.settings.title} />
      <PageHeader
        title={ui.settings.heading}
        description={ui.settings.subtitle}
        actions={
          <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeftIcon size={16} />
            {ui.common.back}
          </Link>
        }
      />
      <div className="grid gap-6">
        <CardSection
          title={ui.settings.appearance}
          description={ui.settings.appearanceHint}
          headingId="settings-appearance"
        >
          <ThemeChoice />
        </CardSection>

        {user && (
          <CardSection title={ui.settings.account} headingId="settings-account">
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-fg-muted">{ui.settings.nameLabel}</dt>
                <dd className="mt-0.5 font-medium text-fg">{user.name}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-fg-muted">{ui.settings.emailLabel}</dt>
                <dd className="mt-0.5 truncate font-medium text-fg">{user.email}</dd>
              </div>
              <div>
                <dt className="text-fg-muted">{ui.settings.roleLabel}</dt>
                <dd className="mt-0.5">
                  <Badge variant="primary">{ui.roles[user.role]}</Badge>
                </dd>
              </div>
            </dl>
          </CardSection>
        )}

        <CardSection title={ui.settings.notifications} headingId="settings-notifications">
          <EmailCopyPreference />
        </CardSection>

        {(user?.role === 'supervisor' || user?.role === 'desenvolvedor') && (
          <>
            <FollowUpSettingsSection />
            <ExtractionSettingsSection />
          </>
        )}

        <CardSection
          title={ui.settings.security}
          description={ui.settings.changePasswordHint}
          headingId="settings-security"
        >
          <Link
            to={paths.settings.changePassword.getHref()}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {ui.settings.changePasswordLink}
            <ChevronRightIcon size={16} />
          </Link>
        </CardSection>

        {user?.role === 'desenvolvedor' && (
          <>
            <MailIntegrationSection />
            <MicrosoftMailboxSection />
            <InboundSourcesSection />
          </>
        )}
      </div>
    </>
  );
}
