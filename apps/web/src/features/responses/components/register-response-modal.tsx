import { pricedApartPorts, suggestedFreightUnits } from '@cotacoes/shared/comparison/answer-units';
import { quoteAskedFrom } from '@cotacoes/shared/comparison/asked';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { fieldMessages } from '@cotacoes/shared/messages/success';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiPortal } from '@cotacoes/shared/messages/ui-portal';
import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import {
  defaultFeeUnit,
  isMeasureFeeUnit,
  PORTAL_FEE_UNITS,
  PORTAL_FREIGHT_UNITS,
  type PortalFeeUnit,
  type PortalFreightUnit,
} from '@cotacoes/shared/schemas/portal';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import type { QuoteDetail } from '@/api/get-quote';
import { FileTextIcon, PlusIcon, TrashIcon, UploadIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { parseLocalInput, toLocalInput } from '@/lib/local-datetime';
import { showToast } from '@/lib/toast';
import { type RegisterResponseInput, useRegisterResponse } from '../api/register-response';
import {
  CURRENCIES,
  type Currency,
  emptyTypedValues,
  freightRow,
  isMeasureUnit,
  type TypedValuesDraft,
  type ValueErrors,
  validateTypedValues,
  withFeeName,
} from './typed-values';

const t = uiReplies.register;
type Mode = RegisterResponseInput['modo'];
const MODES: readonly Mode[] = ['arquivo', 'texto', 'valores'];
const ACCEPT = '.eml,.msg,message/rfc822,application/vnd.ms-outlook';
/** What a quote comes as besides a message: a PDF, a spreadsheet, a document or a photo (a scan). */
const ATTACHMENTS_ACCEPT = '.pdf,.xlsx,.xls,.csv,.docx,.doc,.jpg,.jpeg,.png,.tif,.tiff';
const MAX_ATTACHMENTS = 10;
const currencyOptions = CURRENCIES.map((value) => ({ value, label: value }));
const feeUnitOptions = PORTAL_FEE_UNITS.map((value) => ({
  value,
  label: uiPortal.answer.feeUnits[value] ?? value,
}));
const freightUnitOptions = PORTAL_FREIGHT_UNITS.map((value) => ({
  value,
  label: uiPortal.answer.units[value] ?? value,
}));

const isMailFile = (file: File) => /\.(eml|msg)$/i.test(file.name);

/** Drop zone over a real file input: dragging works with a mouse, the input with keyboard and readers. */
function MailFileDrop({
  file,
  error,
  onChange,
}: {
  file: File | null;
  error?: string;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-fg">
        {t.file.label}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse path; the file input inside is the keyboard one */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="mail-file-drop"
        className={cn(
          // relative: the visually hidden input sits inside the zone, so focusing it (Tab) scrolls nothing.
          'relative flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-primary bg-primary-soft' : error ? 'border-danger' : 'border-border-strong',
        )}
      >
        <UploadIcon size={28} className="text-fg-muted" />
        <p className="text-sm text-fg">{t.file.drop}</p>
        <p className="text-xs text-fg-muted">{t.file.or}</p>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 text-sm font-medium text-fg shadow-sm hover:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
        >
          {t.file.choose}
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {t.file.hint}
      </p>
      <div aria-live="polite">
        {file && (
          <div className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm text-fg">
            <FileTextIcon size={16} className="shrink-0 text-fg-muted" />
            <span className="min-w-0 flex-1 truncate">
              {formatMessage(t.file.selected, { name: file.name, size: formatBytes(file.size) })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${t.file.remove}: ${file.name}`}
              onClick={() => {
                onChange(null);
                inputRef.current?.focus();
              }}
            >
              <TrashIcon size={16} />
            </Button>
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-soft-fg">
          {error}
        </p>
      )}
    </div>
  );
}

const fileKey = (file: File) => `${file.name}-${file.size}-${file.lastModified}`;

/** The files that came with a pasted or typed answer: chosen by keyboard or mouse, listed, removable. */
function AttachmentsField({
  files,
  error,
  onChange,
}: {
  files: File[];
  error?: string;
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  const a = t.attachments;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-fg">
        {a.label}
      </p>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {a.hint}
      </p>
      {/* relative: the visually hidden input sits here, so focusing it (Tab) does not scroll the dialog. */}
      <div className="relative flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          multiple
          accept={ATTACHMENTS_ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            // The same file chosen twice is one file.
            const known = new Set(files.map(fileKey));
            onChange([
              ...files,
              ...[...(event.target.files ?? [])].filter((file) => !known.has(fileKey(file))),
            ]);
            event.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 text-sm font-medium text-fg shadow-sm hover:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
        >
          <UploadIcon size={16} />
          {a.choose}
        </label>
        {files.length === 0 && <span className="text-sm text-fg-muted">{a.none}</span>}
      </div>
      {files.length > 0 && (
        <ul className="space-y-2" aria-live="polite">
          {files.map((file, index) => (
            <li
              key={fileKey(file)}
              className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm text-fg"
            >
              <FileTextIcon size={16} className="shrink-0 text-fg-muted" />
              <span className="min-w-0 flex-1 truncate">
                {formatMessage(a.selected, { name: file.name, size: formatBytes(file.size) })}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={formatMessage(a.remove, { name: file.name })}
                title={formatMessage(a.remove, { name: file.name })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <TrashIcon size={16} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-soft-fg">
          {error}
        </p>
      )}
    </div>
  );
}

function TypedValuesFields({
  draft,
  errors,
  ports,
  tipoFrete,
  onChange,
}: {
  draft: TypedValuesDraft;
  errors: ValueErrors;
  /** The quote's ports when it names several: each price and charge may be for one of them. */
  ports: readonly string[];
  /** The quote's freight type: a charge on an air or LCL quote starts per shipment, not per container. */
  tipoFrete: string | null;
  onChange: (draft: TypedValuesDraft) => void;
}) {
  const v = t.values;
  const nextKey = useRef(1);
  // The row just added takes the focus: its first field, not the button below it (QA pass 22).
  const [added, setAdded] = useState<number | null>(null);
  const focusIfAdded = (key: number) =>
    key === added
      ? (element: HTMLInputElement | HTMLSelectElement | null) => {
          if (!element) return;
          element.focus();
          setAdded(null);
        }
      : undefined;
  const set =
    (field: Exclude<keyof TypedValuesDraft, 'taxas' | 'fretes'>) => (event: { target: { value: string } }) =>
      onChange({ ...draft, [field]: event.target.value });
  const setFee = (index: number, change: Partial<TypedValuesDraft['taxas'][number]>) =>
    onChange({
      ...draft,
      taxas: draft.taxas.map((fee, at) => (at === index ? { ...fee, ...change } : fee)),
    });
  const setFreight = (index: number, change: Partial<TypedValuesDraft['fretes'][number]>) =>
    onChange({
      ...draft,
      fretes: draft.fretes.map((row, at) => (at === index ? { ...row, ...change } : row)),
    });
  const portOptions = [
    { value: '', label: v.allPorts },
    ...ports.map((port) => ({ value: port, label: port })),
  ];
  const freightPortOptions = ports.map((port) => ({ value: port, label: port }));
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">{v.fretesTitle}</legend>
        <p className="text-xs text-fg-muted">{v.fretesHint}</p>
        <ul className="space-y-2">
          {draft.fretes.map((row, index) => {
            const n = index + 1;
            const measure = isMeasureUnit(row.unidade);
            return (
              <li
                key={row.key}
                // One grid class (cn joins, it does not merge): a column for the minimum, one for the port;
                // the unit's column fits 'por W/M (t ou m³, o maior)'.
                className={cn(
                  'grid items-start gap-2',
                  measure && ports.length > 0
                    ? 'sm:grid-cols-[14rem_minmax(0,1fr)_7.5rem_minmax(0,1fr)_minmax(0,1fr)_auto]'
                    : measure || ports.length > 0
                      ? 'sm:grid-cols-[14rem_minmax(0,1fr)_7.5rem_minmax(0,1fr)_auto]'
                      : 'sm:grid-cols-[14rem_minmax(0,1fr)_7.5rem_auto]',
                )}
              >
                <Select
                  ref={focusIfAdded(row.key)}
                  label={formatMessage(v.freightUnit, { n })}
                  options={freightUnitOptions}
                  value={row.unidade}
                  onChange={(event) =>
                    setFreight(index, { unidade: event.target.value as PortalFreightUnit })
                  }
                />
                <Input
                  label={formatMessage(v.freightValue, { n })}
                  inputMode="decimal"
                  value={row.valor}
                  onChange={(event) => setFreight(index, { valor: event.target.value })}
                  error={errors[`fretes.${index}.valor`]}
                />
                <Select
                  label={formatMessage(v.freightCurrency, { n })}
                  options={currencyOptions}
                  value={row.moeda}
                  onChange={(event) => setFreight(index, { moeda: event.target.value as Currency })}
                />
                {measure && (
                  <Input
                    label={formatMessage(v.freightMinimum, { n })}
                    inputMode="decimal"
                    value={row.minimo}
                    onChange={(event) => setFreight(index, { minimo: event.target.value })}
                    error={errors[`fretes.${index}.minimo`]}
                  />
                )}
                {ports.length > 0 && (
                  <Select
                    label={formatMessage(v.freightPort, { n })}
                    options={freightPortOptions}
                    value={row.destino}
                    onChange={(event) => setFreight(index, { destino: event.target.value })}
                  />
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-[1.625rem]"
                  aria-label={formatMessage(v.removeFreight, { n })}
                  onClick={() => onChange({ ...draft, fretes: draft.fretes.filter((_, at) => at !== index) })}
                >
                  <TrashIcon size={16} />
                </Button>
              </li>
            );
          })}
        </ul>
        {errors.fretes && <p className="text-sm text-danger-soft-fg">{errors.fretes}</p>}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            const key = nextKey.current++;
            setAdded(key);
            onChange({
              ...draft,
              fretes: [
                ...draft.fretes,
                freightRow(key, draft.fretes.at(-1)?.unidade ?? '40HC', ports[0] ?? ''),
              ],
            });
          }}
        >
          <PlusIcon size={16} />
          {v.addFreight}
        </Button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">{v.taxasTitle}</legend>
        {draft.taxas.length === 0 && <p className="text-sm text-fg-muted">{v.noFees}</p>}
        <ul className="space-y-2">
          {draft.taxas.map((fee, index) => {
            const n = index + 1;
            return (
              <li
                key={fee.key}
                className={cn(
                  'grid items-start gap-2',
                  ports.length > 0
                    ? 'sm:grid-cols-[minmax(0,1fr)_7rem_7.5rem_10rem_11.5rem_auto]'
                    : 'sm:grid-cols-[minmax(0,1fr)_8rem_7.5rem_10rem_auto]',
                )}
              >
                <Input
                  ref={focusIfAdded(fee.key)}
                  label={formatMessage(v.feeName, { n })}
                  placeholder={v.feeNamePlaceholder}
                  value={fee.nome}
                  onChange={(event) => setFee(index, withFeeName(fee, event.target.value, tipoFrete))}
                  error={errors[`taxas.${index}.nome`]}
                />
                <Input
                  label={formatMessage(v.feeValue, { n })}
                  inputMode="decimal"
                  value={fee.valor}
                  onChange={(event) => setFee(index, { valor: event.target.value })}
                  error={errors[`taxas.${index}.valor`]}
                />
                <Select
                  label={formatMessage(v.feeCurrency, { n })}
                  options={currencyOptions}
                  value={fee.moeda}
                  onChange={(event) => setFee(index, { moeda: event.target.value as Currency })}
                />
                <Select
                  label={formatMessage(v.feeUnit, { n })}
                  options={feeUnitOptions}
                  value={fee.unidade}
                  onChange={(event) =>
                    setFee(index, { unidade: event.target.value as PortalFeeUnit, unidadeEscolhida: true })
                  }
                />
                {ports.length > 0 && (
                  <Select
                    label={formatMessage(v.feePort, { n })}
                    options={portOptions}
                    value={fee.destino}
                    onChange={(event) => setFee(index, { destino: event.target.value })}
                  />
                )}
                {isMeasureFeeUnit(fee.unidade) && (
                  <Input
                    label={formatMessage(v.feeMinimum, { n })}
                    inputMode="decimal"
                    value={fee.minimo}
                    onChange={(event) => setFee(index, { minimo: event.target.value })}
                    error={errors[`taxas.${index}.minimo`]}
                    containerClassName="sm:order-last sm:col-span-full sm:max-w-xs"
                  />
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-[1.625rem]"
                  aria-label={formatMessage(v.removeFee, { n })}
                  onClick={() => onChange({ ...draft, taxas: draft.taxas.filter((_, at) => at !== index) })}
                >
                  <TrashIcon size={16} />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            const key = nextKey.current++;
            setAdded(key);
            onChange({
              ...draft,
              taxas: [
                ...draft.taxas,
                {
                  key,
                  nome: '',
                  valor: '',
                  moeda: draft.fretes[0]?.moeda ?? 'USD',
                  unidade: defaultFeeUnit(tipoFrete),
                  unidadeEscolhida: false,
                  destino: '',
                  minimo: '',
                },
              ],
            });
          }}
        >
          <PlusIcon size={16} />
          {v.addFee}
        </Button>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label={v.transitTime}
          inputMode="numeric"
          value={draft.transitTimeDias}
          onChange={set('transitTimeDias')}
          error={errors.transitTimeDias}
        />
        <Input
          label={v.freeTime}
          inputMode="numeric"
          value={draft.freeTimeDias}
          onChange={set('freeTimeDias')}
          error={errors.freeTimeDias}
        />
        <Input
          label={v.validade}
          type="date"
          value={draft.validade}
          onChange={set('validade')}
          error={errors.validade}
        />
      </div>
      <Textarea
        label={v.observacoes}
        rows={3}
        value={draft.observacoes}
        onChange={set('observacoes')}
        error={errors.observacoes}
      />
      {errors.form && <Alert variant="error">{errors.form}</Alert>}
    </div>
  );
}

interface FormState {
  transportadorId: string;
  modo: Mode;
  arquivo: File | null;
  texto: string;
  valores: TypedValuesDraft;
  /** Files sent with a pasted or typed answer. */
  anexos: File[];
  /** 'Recebida em' as typed (`datetime-local`); blank: now. */
  recebidaEm: string;
}

const initialState = (quote: QuoteDetail): FormState => ({
  transportadorId: '',
  modo: 'arquivo',
  arquivo: null,
  texto: '',
  valores: emptyTypedValues(suggestedFreightUnits(quoteAskedFrom(quote)), pricedApartPorts(quote.destino)),
  anexos: [],
  recebidaEm: '',
});

/** The checks of the chosen mode, in the screen's words; `null` when the form can be sent. */
function validate(
  state: FormState,
  now = new Date(),
): { errors: ValueErrors; input: RegisterResponseInput | null } {
  const errors: ValueErrors = {};
  if (!state.transportadorId) errors.transportadorId = t.carrierRequired;
  let input: RegisterResponseInput | null = null;
  const { transportadorId } = state;
  let recebidaEm: string | undefined;
  if (state.modo !== 'arquivo' && state.recebidaEm.trim()) {
    const date = parseLocalInput(state.recebidaEm);
    if (!date) errors.recebidaEm = fieldMessages.responseDateInvalid;
    else if (date.getTime() > now.getTime()) errors.recebidaEm = fieldMessages.responseDateFuture;
    else recebidaEm = date.toISOString();
  }
  if (state.modo === 'arquivo') {
    if (!state.arquivo) errors.arquivo = t.file.required;
    else if (!isMailFile(state.arquivo)) errors.arquivo = t.file.invalidType;
    else input = { transportadorId, modo: 'arquivo', arquivo: state.arquivo };
  } else {
    const { anexos } = state;
    if (anexos.length > MAX_ATTACHMENTS) errors.anexos = t.attachments.tooMany;
    if (state.modo === 'texto') {
      // A quote that came as a file alone is read from the file (QA pass 18).
      if (!state.texto.trim() && anexos.length === 0) errors.texto = t.text.required;
      else input = { transportadorId, modo: 'texto', texto: state.texto, recebidaEm, anexos };
    } else {
      const checked = validateTypedValues(state.valores);
      if (checked.ok)
        input = { transportadorId, modo: 'valores', valores: checked.values, recebidaEm, anexos };
      else Object.assign(errors, checked.errors);
    }
  }
  return { errors, input: Object.keys(errors).length === 0 ? input : null };
}

function RegisterResponseModal({ quote, onClose }: { quote: QuoteDetail; onClose: () => void }) {
  const formId = useId();
  const [state, setState] = useState<FormState>(() => initialState(quote));
  const ports = pricedApartPorts(quote.destino);
  const [errors, setErrors] = useState<ValueErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState(0);
  const register = useRegisterResponse(quote.id, setProgress);

  /** After a first attempt, every change re-checks: a corrected field loses its message at once. */
  function update(next: FormState) {
    setState(next);
    if (submitted) setErrors(validate(next).errors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    register.reset();
    setSubmitted(true);
    const checked = validate(state);
    setErrors(checked.errors);
    if (!checked.input) return;
    setProgress(0);
    register.mutate(checked.input, {
      onSuccess: (answer) => {
        showToast({ message: answer.message, variant: 'success' });
        onClose();
      },
    });
  }

  const busy = register.isPending;
  const percent = Math.round(progress * 100);
  const uploading = busy && (state.modo === 'arquivo' || state.anexos.length > 0);
  const carriers = quote.destinatarios.map((recipient) => ({
    value: recipient.transportadorId,
    label: recipient.nome,
  }));

  return (
    <Modal
      open
      // Wide enough for a charge's name beside its value, currency, basis and port on a laptop (QA pass 22).
      size="xl"
      onClose={busy ? () => undefined : onClose}
      title={t.title}
      description={t.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {ui.common.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={busy}
            loadingText={uploading ? formatMessage(t.uploading, { percent }) : t.submitting}
          >
            {t.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <Select
          label={t.carrier}
          placeholder={t.carrierPlaceholder}
          options={carriers}
          value={state.transportadorId}
          onChange={(event) => update({ ...state, transportadorId: event.target.value })}
          error={errors.transportadorId}
          required
        />
        <Tabs
          label={t.modesLabel}
          value={state.modo}
          onValueChange={(modo) => update({ ...state, modo: modo as Mode })}
          items={MODES.map((modo) => ({
            id: modo,
            label: t.modes[modo],
            content:
              modo === 'arquivo' ? (
                <MailFileDrop
                  file={state.arquivo}
                  error={errors.arquivo}
                  onChange={(arquivo) => update({ ...state, arquivo })}
                />
              ) : modo === 'texto' ? (
                <Textarea
                  label={t.text.label}
                  placeholder={t.text.placeholder}
                  rows={10}
                  value={state.texto}
                  onChange={(event) => update({ ...state, texto: event.target.value })}
                  error={errors.texto}
                />
              ) : (
                <TypedValuesFields
                  draft={state.valores}
                  errors={errors}
                  ports={ports}
                  tipoFrete={quote.tipoFrete}
                  onChange={(valores) => update({ ...state, valores })}
                />
              ),
          }))}
        />
        {state.modo !== 'arquivo' && (
          <AttachmentsField
            files={state.anexos}
            error={errors.anexos}
            onChange={(anexos) => update({ ...state, anexos })}
          />
        )}
        {state.modo !== 'arquivo' && (
          <Input
            label={t.receivedAt}
            name="recebidaEm"
            type="datetime-local"
            max={toLocalInput(new Date())}
            value={state.recebidaEm}
            onChange={(event) => update({ ...state, recebidaEm: event.target.value })}
            hint={t.receivedAtHint}
            error={errors.recebidaEm}
            containerClassName="sm:max-w-xs"
          />
        )}
        {uploading && <ProgressBar label={t.uploadProgress} value={percent} />}
        {register.isError && <Alert variant="error">{errorText(register.error, t.error)}</Alert>}
      </form>
    </Modal>
  );
}

/** 'Registrar resposta' on the quote detail: a reply received by Outlook, WhatsApp or phone. */
export function RegisterResponseButton({ quote }: { quote: QuoteDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <PlusIcon size={16} />
        {t.open}
      </Button>
      {open && <RegisterResponseModal quote={quote} onClose={() => setOpen(false)} />}
    </>
  );
}
