import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { INCOTERMS, TIPOS_FRETE, type TipoFrete } from '@cotacoes/shared/schemas/quotes';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { CargoItems } from './cargo-items';
import {
  type DraftField,
  defaultPrazo,
  FILE_ACCEPT,
  type Incoterm,
  isFileFormat,
  MAX_UPLOAD_MB,
  minPrazo,
  type QuoteDraft,
  readContentKind,
} from './draft';
import { FileField } from './file-field';
import type { FieldStepProps } from './step-props';

const t = ui.quotes.content;
const f = t.fields;

/** A required field's label: the text and a visual '*' (the control itself carries `required`). */
export function requiredLabel(label: string): ReactNode {
  return (
    <>
      {label}{' '}
      <span aria-hidden="true" className="text-danger-soft-fg">
        {ui.quotes.wizard.requiredMark}
      </span>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-border p-4 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-fg">{title}</legend>
      {children}
    </fieldset>
  );
}

type TextField =
  | 'nomeSolicitante'
  | 'referenciaProcesso'
  | 'fti'
  | 'origem'
  | 'destino'
  | 'tempoTransito'
  | 'evitarRota'
  | 'evitarArmador'
  | 'pesoBrutoTotal'
  | 'valorMercadoria';

const maxLengths: Record<TextField, number> = {
  nomeSolicitante: 200,
  referenciaProcesso: 200,
  fti: 60,
  origem: 200,
  destino: 200,
  tempoTransito: 100,
  evitarRota: 200,
  evitarArmador: 200,
  pesoBrutoTotal: 60,
  valorMercadoria: 60,
};

/** Step 2: the manual description of the cargo, or the file of the PDF/Excel format and its fields. */
export function ContentStep({ draft, update, errors, touched, touch }: FieldStepProps) {
  const shown = (field: DraftField) => (touched.has(field) ? errors[field] : undefined);
  const fileFormat = isFileFormat(draft.metodoEnvio);

  const text = (field: TextField, required: boolean, autoComplete = 'off') => (
    <Input
      label={required ? requiredLabel(f[field]) : f[field]}
      name={field}
      required={required}
      autoComplete={autoComplete}
      maxLength={maxLengths[field]}
      placeholder={t.placeholders[field]}
      value={draft[field]}
      onChange={(event) => update({ [field]: event.target.value } as Partial<QuoteDraft>)}
      onBlur={() => touch(field)}
      error={shown(field)}
    />
  );

  const tipoFrete = (
    <Select
      label={requiredLabel(f.tipoFrete)}
      name="tipoFrete"
      required
      options={TIPOS_FRETE.map((tipo) => ({ value: tipo, label: tipo }))}
      value={draft.tipoFrete}
      onChange={(event) => update({ tipoFrete: event.target.value as TipoFrete })}
      onBlur={() => touch('tipoFrete')}
      error={shown('tipoFrete')}
    />
  );

  const now = new Date();
  const prazo = (
    <Input
      label={requiredLabel(f.prazo)}
      name="prazo"
      type="datetime-local"
      required
      min={minPrazo(now)}
      value={draft.prazo}
      hint={f.prazoHint}
      onChange={(event) => update({ prazo: event.target.value })}
      onBlur={() => {
        // Spec 001 §5: with no deadline the quote gets 7 days from now.
        if (!draft.prazo.trim()) update({ prazo: defaultPrazo() });
        touch('prazo');
      }}
      error={shown('prazo')}
      containerClassName="sm:max-w-xs"
    />
  );

  const cargaPerigosa = (
    <Switch
      checked={draft.cargaPerigosa}
      onCheckedChange={(checked) => update({ cargaPerigosa: checked })}
      label={f.cargaPerigosa}
      description={f.cargaPerigosaHint}
    />
  );

  if (fileFormat) {
    const pdf = draft.metodoEnvio === 'PDF';
    return (
      <div className="space-y-5">
        <p className="text-sm text-fg-muted">{t.introFile}</p>
        <FileField
          label={requiredLabel(pdf ? t.file.labelPdf : t.file.labelExcel)}
          hint={formatMessage(pdf ? t.file.hintPdf : t.file.hintExcel, { max: MAX_UPLOAD_MB })}
          accept={pdf ? FILE_ACCEPT.PDF : FILE_ACCEPT.EXCEL}
          required
          file={draft.file}
          error={draft.file || touched.has('file') ? errors.file : undefined}
          onChange={(file) => {
            update({ file });
            touch('file');
            // Its content is read now; the step shows the result as soon as it is known.
            // (An empty change re-reads the draft as it is then, whatever was chosen meanwhile.)
            if (file) void readContentKind(file).then(() => update({}));
          }}
        />
        <Section title={t.processTitle}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('nomeSolicitante', true, 'name')}
            {text('referenciaProcesso', true)}
            {text('fti', false)}
            {tipoFrete}
          </div>
        </Section>
        <Section title={t.cargoTitle}>
          {cargaPerigosa}
          {draft.cargaPerigosa && (
            <FileField
              label={t.file.dangerousLabel}
              hint={formatMessage(t.file.dangerousHint, { max: MAX_UPLOAD_MB })}
              accept={FILE_ACCEPT.dangerous}
              file={draft.dangerousFile}
              error={errors.dangerousFile}
              onChange={(dangerousFile) => update({ dangerousFile })}
            />
          )}
          <Textarea
            label={f.descricaoAdicional}
            name="descricaoAdicional"
            maxLength={5_000}
            value={draft.descricaoAdicional}
            onChange={(event) => update({ descricaoAdicional: event.target.value })}
          />
        </Section>
        <Section title={t.deadlineTitle}>{prazo}</Section>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-fg-muted">{t.introManual}</p>
      <Section title={t.processTitle}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('nomeSolicitante', true, 'name')}
          {text('referenciaProcesso', true)}
          {text('fti', false)}
          {tipoFrete}
        </div>
      </Section>
      <Section title={t.routeTitle}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('origem', true)}
          {text('destino', true)}
          <Select
            label={requiredLabel(f.incoterm)}
            name="incoterm"
            required
            placeholder={t.incotermPlaceholder}
            options={INCOTERMS.map((incoterm) => ({ value: incoterm, label: incoterm }))}
            value={draft.incoterm}
            onChange={(event) => update({ incoterm: event.target.value as Incoterm | '' })}
            onBlur={() => touch('incoterm')}
            error={shown('incoterm')}
          />
          {text('tempoTransito', true)}
          {text('evitarRota', false)}
          {text('evitarArmador', false)}
        </div>
        <Checkbox
          label={f.preferenciaRota}
          name="preferenciaRota"
          checked={draft.preferenciaRota}
          onChange={(event) => update({ preferenciaRota: event.target.checked })}
        />
      </Section>
      <Section title={t.cargoTitle}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('pesoBrutoTotal', false)}
          {text('valorMercadoria', false)}
        </div>
        {cargaPerigosa}
        <CargoItems
          items={draft.itens}
          onChange={(itens) => update({ itens })}
          onBlur={() => touch('itens')}
          error={shown('itens')}
        />
        <Textarea
          label={f.observacoes}
          name="observacoes"
          maxLength={5_000}
          value={draft.observacoes}
          onChange={(event) => update({ observacoes: event.target.value })}
        />
      </Section>
      <Section title={t.deadlineTitle}>{prazo}</Section>
    </div>
  );
}
