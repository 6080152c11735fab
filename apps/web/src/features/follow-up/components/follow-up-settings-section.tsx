import { ui } from '@cotacoes/shared/messages/ui';
import { REMINDER_HOURS_MAX, REMINDER_HOURS_MIN } from '@cotacoes/shared/rules/reminders';
import type { FollowUpSettings } from '@cotacoes/shared/schemas/follow-up';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { QueryContent } from '@/components/ui/query-content';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useFollowUpSettings } from '../api/get-follow-up-settings';
import { useSaveFollowUpSettings } from '../api/save-follow-up-settings';

const t = ui.followUp.settings;
type HoursField = 'reminderAfterSendHours' | 'reminderBeforeDeadlineHours';

/** '' is off (null); otherwise a whole number of hours in range, else undefined (invalid). */
function parseHours(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const hours = Number(trimmed);
  return hours >= REMINDER_HOURS_MIN && hours <= REMINDER_HOURS_MAX ? hours : undefined;
}
const hoursText = (hours: number | null) => (hours === null ? '' : String(hours));

function SettingsForm({ initial }: { initial: FollowUpSettings }) {
  const save = useSaveFollowUpSettings();
  const [flags, setFlags] = useState({
    remindersEnabled: initial.remindersEnabled,
    portalEnabled: initial.portalEnabled,
    lostBidFeedbackDefault: initial.lostBidFeedbackDefault,
    deadlineSummaryEnabled: initial.deadlineSummaryEnabled,
  });
  const [hours, setHours] = useState<Record<HoursField, string>>({
    reminderAfterSendHours: hoursText(initial.reminderAfterSendHours),
    reminderBeforeDeadlineHours: hoursText(initial.reminderBeforeDeadlineHours),
  });
  const [invalid, setInvalid] = useState<Partial<Record<HoursField, boolean>>>({});

  const serverError = (field: HoursField) =>
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((e) => e.path === field)?.message
      : undefined;
  const fieldError = (field: HoursField) => (invalid[field] ? t.hoursInvalid : serverError(field));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const after = parseHours(hours.reminderAfterSendHours);
    const before = parseHours(hours.reminderBeforeDeadlineHours);
    const wrong = {
      reminderAfterSendHours: after === undefined,
      reminderBeforeDeadlineHours: before === undefined,
    };
    setInvalid(wrong);
    if (after === undefined || before === undefined) return;
    save.mutate(
      { ...flags, reminderAfterSendHours: after, reminderBeforeDeadlineHours: before },
      {
        onSuccess: (saved) => {
          setHours({
            reminderAfterSendHours: hoursText(saved.reminderAfterSendHours),
            reminderBeforeDeadlineHours: hoursText(saved.reminderBeforeDeadlineHours),
          });
          showToast({ variant: 'success', message: t.saved });
        },
        onError: (error) => showToast({ variant: 'error', message: errorText(error, t.saveError) }),
      },
    );
  }

  const flag = (name: keyof typeof flags, label: string, description: string) => (
    <Switch
      checked={flags[name]}
      onCheckedChange={(checked) => setFlags((current) => ({ ...current, [name]: checked }))}
      disabled={save.isPending}
      label={label}
      description={description}
    />
  );
  const hoursInput = (name: HoursField, label: string, hint: string) => (
    <Input
      label={label}
      hint={hint}
      inputMode="numeric"
      value={hours[name]}
      onChange={(event) => {
        const value = event.target.value;
        setHours((current) => ({ ...current, [name]: value }));
        setInvalid((current) => ({ ...current, [name]: false }));
      }}
      disabled={save.isPending || !flags.remindersEnabled}
      error={fieldError(name)}
      endAdornment={<span className="text-sm text-fg-muted">{t.hoursSuffix}</span>}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {flag('remindersEnabled', t.remindersEnabled, t.remindersEnabledHint)}
      <div className="grid gap-4 sm:grid-cols-2">
        {hoursInput('reminderAfterSendHours', t.afterSend, t.afterSendHint)}
        {hoursInput('reminderBeforeDeadlineHours', t.beforeDeadline, t.beforeDeadlineHint)}
      </div>
      {flag('portalEnabled', t.portalEnabled, t.portalEnabledHint)}
      {flag('lostBidFeedbackDefault', t.lostBidFeedbackDefault, t.lostBidFeedbackDefaultHint)}
      {flag('deadlineSummaryEnabled', t.deadlineSummaryEnabled, t.deadlineSummaryEnabledHint)}
      {save.isError && !(save.error instanceof ApiError && save.error.fieldErrors.length > 0) && (
        <Alert variant="error">{errorText(save.error, t.saveError)}</Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText={t.saving}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/** 'Acompanhamento automático' on the settings page (supervisors and desenvolvedores). */
export function FollowUpSettingsSection() {
  const settings = useFollowUpSettings();
  return (
    <CardSection title={t.title} description={t.description} headingId="settings-follow-up">
      <QueryContent query={settings} loadingLabel={t.loading} errorFallback={t.loadError}>
        {(data) => <SettingsForm initial={data} />}
      </QueryContent>
    </CardSection>
  );
}
