import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ExtractionSettings } from '@cotacoes/shared/schemas/extraction-settings';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { QueryContent } from '@/components/ui/query-content';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useExtractionSettings } from '../api/get-extraction-settings';
import { useSaveExtractionSettings } from '../api/save-extraction-settings';

const t = ui.extraction.settings;

function SettingsForm({ initial }: { initial: ExtractionSettings }) {
  const save = useSaveExtractionSettings();
  const [llmEnabled, setLlmEnabled] = useState(initial.llmEnabled);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { llmEnabled },
      {
        onSuccess: () => showToast({ variant: 'success', message: t.saved }),
        onError: (error) => showToast({ variant: 'error', message: errorText(error, t.saveError) }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Switch
        checked={llmEnabled}
        onCheckedChange={setLlmEnabled}
        disabled={save.isPending}
        label={t.llmEnabled}
        description={t.llmEnabledHint}
      />
      <Alert variant="warning">{t.lgpd}</Alert>
      <p className="text-sm text-fg-muted">
        {initial.servidorConfigurado && initial.modelo !== null
          ? formatMessage(t.serverConfigured, { modelo: initial.modelo })
          : t.serverNotConfigured}
      </p>
      {save.isError && <Alert variant="error">{errorText(save.error, t.saveError)}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText={t.saving}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/** 'Leitura por IA' on the settings page (supervisors and desenvolvedores). */
export function ExtractionSettingsSection() {
  const settings = useExtractionSettings();
  return (
    <CardSection title={t.title} description={t.description} headingId="settings-extraction">
      <QueryContent query={settings} loadingLabel={t.loading} errorFallback={t.loadError}>
        {(data) => <SettingsForm initial={data} />}
      </QueryContent>
    </CardSection>
  );
}
