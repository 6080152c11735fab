import { todayInSaoPaulo } from '@cotacoes/shared/comparison/totals';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import {
  defaultFeeUnit,
  isMeasureFeeUnit,
  PORTAL_CURRENCIES,
  PORTAL_FEE_UNITS,
  PORTAL_FREIGHT_UNITS,
  PORTAL_MEASURE_UNITS,
  type PortalAnswer,
  type PortalView,
  portalAnswerSchemas,
  validityIssue,
} from '@cotacoes/shared/schemas/portal';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FilePlusIcon, PlusIcon, TrashIcon, XIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorText } from '@/lib/api-client';
import { parseMoneyInput } from '@/lib/number-input';
import { useSubmitPortalAnswer } from '../api/submit-answer';
import { usePortalTexts } from './portal-language';

/** `destino`: one of the view's `destinos` ('' when the quote names one port or none). */
type FreightRow = {
  key: number;
  unidade: string;
  moeda: string;
  valor: string;
  destino: string;
  /** The minimum of a price per kg, m³ or W/M, as typed ('' none). */
  minimo: string;
};
/** `destino`: one of the view's `destinos`, or '' for every port (and when the quote names one or none). */
type FeeRow = {
  key: number;
  nome: string;
  moeda: string;
  valor: string;
  unidade: string;
  destino: string;
  /** The minimum of a charge per kg, m³ or W/M, as typed ('' none). */
  minimo: string;
};
type Draft = {
  fretes: FreightRow[];
  taxas: FeeRow[];
  transitTimeDias: string;
  freeTimeDias: string;
  validade: string;
  condicoesPagamento: string;
  observacoes: string;
};
/** Messages by the answer's path ('fretes.0.valor', 'transitTimeDias'…). */
type Errors = Record<string, string>;

let nextKey = 1;
const key = () => nextKey++;

const currencyOptions = PORTAL_CURRENCIES.map((value) => ({ value, label: value }));

/** An amount as the carrier typed it: "2.500", "2.500,00", "2,500.00" and "2,500" are all 2500. */
function readNumber(text: string): number {
  // "-50" is a negative amount, refused as such (QA pass 17 saw "Informe um valor numérico").
  const negative = /^\s*-\s*\d/.test(text);
  const value = parseMoneyInput(negative ? text.replace('-', '') : text);
  return value === null ? Number.NaN : negative ? -value : value;
}
const isMeasure = (unidade: string) => (PORTAL_MEASURE_UNITS as readonly string[]).includes(unidade);
const readDays = (text: string) =>
  text.trim() ? (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN) : null;

/**
 * `written`: a saved amount as the form shows it again, in the page's language: '1.450,00' / '1,450.00'
 * (QA pass 5: '1450', '2380,5'); `readNumber` reads both back.
 */
function draftOf(view: PortalView, written: (value: number) => string): Draft {
  const answer = view.resposta;
  if (answer)
    return {
      fretes: answer.fretes.map((row) => ({
        key: key(),
        ...row,
        valor: written(row.valor),
        destino: row.destino ?? '',
        minimo: row.minimo ? written(row.minimo) : '',
      })),
      taxas: answer.taxas.map((row) => ({
        key: key(),
        ...row,
        valor: written(row.valor),
        destino: row.destino ?? '',
        minimo: row.minimo ? written(row.minimo) : '',
      })),
      transitTimeDias: answer.transitTimeDias === null ? '' : String(answer.transitTimeDias),
      freeTimeDias: answer.freeTimeDias === null ? '' : String(answer.freeTimeDias),
      validade: answer.validade ?? '',
      condicoesPagamento: answer.condicoesPagamento ?? '',
      observacoes: answer.observacoes ?? '',
    };
  return {
    // Several ports: a row per port and suggested unit, so each port gets its own prices.
    fretes: (view.destinos.length > 1 ? view.destinos : ['']).flatMap((destino) =>
      view.unidadesSugeridas.map((unidade) => ({
        key: key(),
        unidade,
        moeda: 'USD',
        valor: '',
        destino,
        minimo: '',
      })),
    ),
    taxas: [],
    transitTimeDias: '',
    freeTimeDias: '',
    validade: '',
    condicoesPagamento: '',
    observacoes: '',
  };
}

/** `port`: the port a row without one is for (the select shows the first), null when ports are not asked. */
function answerOf(draft: Draft, port: string | null): unknown {
  return {
    fretes: draft.fretes.map(({ unidade, moeda, valor, destino, minimo }) => ({
      unidade,
      moeda,
      valor: readNumber(valor),
      minimo: isMeasure(unidade) && minimo.trim() ? readNumber(minimo) : null,
      destino: port === null ? null : destino || port,
    })),
    taxas: draft.taxas.map(({ nome, moeda, valor, unidade, destino, minimo }) => ({
      nome,
      moeda,
      valor: readNumber(valor),
      unidade,
      minimo: isMeasureFeeUnit(unidade) && minimo.trim() ? readNumber(minimo) : null,
      destino: port === null ? null : destino || null,
    })),
    transitTimeDias: readDays(draft.transitTimeDias),
    freeTimeDias: readDays(draft.freeTimeDias),
    validade: draft.validade || null,
    condicoesPagamento: draft.condicoesPagamento,
    observacoes: draft.observacoes,
  };
}

function errorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path || 'form'] ??= issue.message;
  }
  return errors;
}

/** The minimum of a price or charge per kg, m³ or W/M: on a line of its own below its row. */
function MinimumInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Input
      label={props.label}
      inputMode="decimal"
      autoComplete="off"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
      containerClassName="col-span-2 sm:order-last sm:col-span-full sm:max-w-xs"
    />
  );
}

/** The structured answer of the portal page: freights, fees, conditions and files; a new version each time. */
export function AnswerForm({ token, view }: { token: string; view: PortalView }) {
  const { t: texts, language, format } = usePortalTexts();
  const t = texts.answer;
  const freightOptions = PORTAL_FREIGHT_UNITS.map((value) => ({ value, label: t.units[value] ?? value }));
  const feeUnitOptions = PORTAL_FEE_UNITS.map((value) => ({ value, label: t.feeUnits[value] ?? value }));
  const submit = useSubmitPortalAnswer(token);
  /** The quote names several ports: each price says which (QA pass 8). */
  const byPort = view.destinos.length > 1;
  const [draft, setDraft] = useState<Draft>(() => draftOf(view, format.amount));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const filesId = useId();
  const statusRef = useRef<HTMLDivElement>(null);

  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSuccess(null);
  };
  const clear = (path: string) =>
    setErrors((current) => {
      if (!(path in current) && !('form' in current)) return current;
      const { [path]: _gone, form: _form, ...rest } = current;
      return rest;
    });
  const setFreight = (index: number, patch: Partial<FreightRow>) => {
    set({ fretes: draft.fretes.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
    for (const field of Object.keys(patch)) clear(`fretes.${index}.${field}`);
    clear('fretes');
  };
  const setFee = (index: number, patch: Partial<FeeRow>) => {
    set({ taxas: draft.taxas.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
    for (const field of Object.keys(patch)) clear(`taxas.${index}.${field}`);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const parsed = portalAnswerSchemas[language].safeParse(
      answerOf(draft, byPort ? view.destinos[0]! : null),
    );
    // Said with the other fields' messages, not on a second round (QA pass 20).
    const past = validityIssue({ validade: draft.validade || null }, todayInSaoPaulo(), texts.fields);
    if (!parsed.success || past) {
      const issues = [...(parsed.success ? [] : parsed.error.issues), ...(past ? [past] : [])];
      setErrors({ ...errorsOf(issues), form: t.fixFields });
      statusRef.current?.focus();
      return;
    }
    setErrors({});
    setProgress(files.length > 0 ? 0 : null);
    submit.mutate(
      {
        answer: parsed.data as PortalAnswer,
        files,
        onProgress: files.length > 0 ? setProgress : undefined,
        fallback: t.errorFallback,
        language,
      },
      {
        onSuccess: (result) => {
          setSuccess(result.message);
          setFiles([]);
          setProgress(null);
          setDraft(draftOf(result.data, format.amount));
          statusRef.current?.focus();
        },
        onError: (error) => {
          setProgress(null);
          const fields = error instanceof ApiError ? errorsOf(error.fieldErrors) : {};
          setErrors({ ...fields, form: errorText(error, t.errorFallback) });
          statusRef.current?.focus();
        },
      },
    );
  }

  const error = (path: string) => errors[path];
  /** A condition's input: its value, its change (which clears its error) and its error. */
  type Condition = 'transitTimeDias' | 'freeTimeDias' | 'validade' | 'condicoesPagamento' | 'observacoes';
  const bind = (field: Condition) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => {
      set({ [field]: event.target.value });
      clear(field);
    },
    error: error(field),
  });
  const rowError = (group: 'fretes' | 'taxas', index: number) =>
    Object.entries(errors).find(([path]) => path === `${group}.${index}`)?.[1];

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="portal-form-title" className="space-y-6">
      <div>
        <h2 id="portal-form-title" className="text-lg font-semibold text-fg">
          {t.formTitle}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t.formIntro}</p>
        {view.respostaMaisNova ? (
          <Alert variant="warning" className="mt-3">
            {formatMessage(t.newerByEmail, {
              versao: view.respostaMaisNova.versao,
              data: format.dateTime(view.respostaMaisNova.recebidaEm),
            })}
            {view.versao !== null &&
              ` ${formatMessage(t.newerByEmailForm, { portal: view.versao, versao: view.respostaMaisNova.versao })}`}
          </Alert>
        ) : (
          view.versao !== null &&
          view.respondidaEm && (
            <p className="mt-2 text-sm text-fg-muted">
              {formatMessage(t.currentVersion, {
                versao: view.versao,
                data: format.dateTime(view.respondidaEm),
              })}
            </p>
          )
        )}
      </div>

      <div ref={statusRef} tabIndex={-1} className="outline-none">
        {success && <Alert variant="success">{success}</Alert>}
        {errors.form && <Alert variant="error">{errors.form}</Alert>}
      </div>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-fg">{t.freightTitle}</legend>
        {error('fretes') && <p className="text-sm text-danger-soft-fg">{error('fretes')}</p>}
        {draft.fretes.some((row) => !isMeasure(row.unidade)) && (
          <p className="text-sm text-fg-muted">{t.freightPerContainerHint}</p>
        )}
        {draft.fretes.some((row) => row.unidade === 'KG') && (
          <p className="text-sm text-fg-muted">{t.freightPerKgHint}</p>
        )}
        {draft.fretes.some((row) => row.unidade === 'M3' || row.unidade === 'WM') && (
          <p className="text-sm text-fg-muted">{t.freightPerMeasureHint}</p>
        )}
        {byPort && <p className="text-sm text-fg-muted">{t.freightDestinationsHint}</p>}
        {draft.fretes.map((row, index) => (
          <fieldset
            key={row.key}
            className={
              byPort
                ? 'grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,0.8fr)_minmax(0,1fr)_auto]'
                : 'grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,0.8fr)_minmax(0,1fr)_auto]'
            }
          >
            <legend className="sr-only">
              {formatMessage(t.rowLabel, { grupo: t.freightGroup, n: index + 1 })}
            </legend>
            {byPort && (
              <Select
                label={t.freightDestination}
                options={view.destinos.map((value) => ({ value, label: value }))}
                value={row.destino || view.destinos[0]!}
                onChange={(event) => setFreight(index, { destino: event.target.value })}
                error={error(`fretes.${index}.destino`)}
                containerClassName="col-span-2 sm:col-span-1"
              />
            )}
            <Select
              label={t.freightUnit}
              options={freightOptions}
              value={row.unidade}
              onChange={(event) => setFreight(index, { unidade: event.target.value })}
              error={error(`fretes.${index}.unidade`)}
              containerClassName="col-span-2 sm:col-span-1"
            />
            <Select
              label={t.freightCurrency}
              options={currencyOptions}
              value={row.moeda}
              onChange={(event) => setFreight(index, { moeda: event.target.value })}
              error={error(`fretes.${index}.moeda`)}
            />
            <Input
              label={t.freightValueBy[isMeasure(row.unidade) ? row.unidade : 'container'] ?? t.freightValue}
              inputMode="decimal"
              autoComplete="off"
              value={row.valor}
              onChange={(event) => setFreight(index, { valor: event.target.value })}
              error={error(`fretes.${index}.valor`) ?? rowError('fretes', index)}
            />
            {isMeasure(row.unidade) && (
              <MinimumInput
                label={t.freightMinimum}
                value={row.minimo}
                onChange={(minimo) => setFreight(index, { minimo })}
                error={error(`fretes.${index}.minimo`)}
              />
            )}
            <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-6">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set({ fretes: draft.fretes.filter((_, i) => i !== index) })}
                aria-label={formatMessage(t.removeFreight, { n: index + 1 })}
                title={formatMessage(t.removeFreight, { n: index + 1 })}
              >
                <TrashIcon size={18} />
              </Button>
            </div>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            set({
              fretes: [
                ...draft.fretes,
                {
                  key: key(),
                  unidade: view.unidadesSugeridas[0] ?? '40HC',
                  moeda: draft.fretes.at(-1)?.moeda ?? 'USD',
                  valor: '',
                  destino: byPort ? draft.fretes.at(-1)?.destino || view.destinos[0]! : '',
                  minimo: '',
                },
              ],
            })
          }
        >
          <PlusIcon size={16} />
          {t.addFreight}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-fg">{t.feesTitle}</legend>
        {draft.taxas.length === 0 && <p className="text-sm text-fg-muted">{t.feesEmpty}</p>}
        {byPort && <p className="text-sm text-fg-muted">{t.feeDestinationsHint}</p>}
        {draft.taxas.map((row, index) => (
          <fieldset
            key={row.key}
            className={
              byPort
                ? 'grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1.1fr)_minmax(0,0.7fr)_minmax(0,0.85fr)_minmax(0,1.3fr)_minmax(0,1.35fr)_auto]'
                : 'grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto]'
            }
          >
            <legend className="sr-only">
              {formatMessage(t.rowLabel, { grupo: t.feeGroup, n: index + 1 })}
            </legend>
            <Input
              label={t.feeName}
              placeholder={t.feeNamePlaceholder}
              autoComplete="off"
              value={row.nome}
              onChange={(event) => setFee(index, { nome: event.target.value })}
              error={error(`taxas.${index}.nome`)}
              containerClassName="col-span-2 sm:col-span-1"
            />
            <Select
              label={t.feeCurrency}
              options={currencyOptions}
              value={row.moeda}
              onChange={(event) => setFee(index, { moeda: event.target.value })}
              error={error(`taxas.${index}.moeda`)}
            />
            <Input
              label={t.feeValue}
              inputMode="decimal"
              autoComplete="off"
              value={row.valor}
              onChange={(event) => setFee(index, { valor: event.target.value })}
              error={error(`taxas.${index}.valor`)}
            />
            <Select
              label={t.feeUnit}
              options={feeUnitOptions}
              value={row.unidade}
              onChange={(event) => setFee(index, { unidade: event.target.value })}
              error={error(`taxas.${index}.unidade`)}
            />
            {byPort && (
              <Select
                label={t.feeDestination}
                options={[
                  { value: '', label: t.feeAllDestinations },
                  ...view.destinos.map((value) => ({ value, label: value })),
                ]}
                value={row.destino}
                onChange={(event) => setFee(index, { destino: event.target.value })}
                error={error(`taxas.${index}.destino`)}
              />
            )}
            {isMeasureFeeUnit(row.unidade) && (
              <MinimumInput
                label={t.feeMinimum}
                value={row.minimo}
                onChange={(minimo) => setFee(index, { minimo })}
                error={error(`taxas.${index}.minimo`)}
              />
            )}
            <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-6">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set({ taxas: draft.taxas.filter((_, i) => i !== index) })}
                aria-label={formatMessage(t.removeFee, { n: index + 1 })}
                title={formatMessage(t.removeFee, { n: index + 1 })}
              >
                <TrashIcon size={18} />
              </Button>
            </div>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            set({
              taxas: [
                ...draft.taxas,
                // Per shipment on an air or LCL quote: it has no container to count (QA pass 22).
                {
                  key: key(),
                  nome: '',
                  moeda: 'BRL',
                  valor: '',
                  unidade: defaultFeeUnit(view.tipoFrete),
                  destino: '',
                  minimo: '',
                },
              ],
            })
          }
        >
          <PlusIcon size={16} />
          {t.addFee}
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-fg">{t.conditionsTitle}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Input label={t.transitTime} inputMode="numeric" autoComplete="off" {...bind('transitTimeDias')} />
          <Input label={t.freeTime} inputMode="numeric" autoComplete="off" {...bind('freeTimeDias')} />
          <Input label={t.validity} type="date" {...bind('validade')} />
        </div>
        <Input label={t.paymentTerms} autoComplete="off" {...bind('condicoesPagamento')} />
        <Textarea label={t.remarks} rows={4} {...bind('observacoes')} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-fg">{t.attachments}</legend>
        <p id={`${filesId}-hint`} className="text-sm text-fg-muted">
          {t.attachmentsHint}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={filesId}
            className={buttonClasses({
              variant: 'secondary',
              size: 'sm',
              className:
                'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
            })}
          >
            <FilePlusIcon size={16} />
            {t.chooseFiles}
            <input
              id={filesId}
              ref={fileInput}
              type="file"
              multiple
              accept=".pdf,.xlsx,.xls,.docx,.doc,.jpg,.jpeg,.png"
              aria-label={t.attachments}
              aria-describedby={`${filesId}-hint`}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                setFiles((current) => [...current, ...chosen].slice(0, 10));
                event.target.value = '';
                setSuccess(null);
              }}
              className="sr-only"
            />
          </label>
          {files.length === 0 && <span className="text-sm text-fg-muted">{t.noFiles}</span>}
        </div>
        {files.length > 0 && (
          <ul className="space-y-2">
            {files.map((file, index) => (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm text-fg"
              >
                <span className="min-w-0 truncate">
                  {file.name} <span className="text-fg-muted">({format.bytes(file.size)})</span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                  aria-label={formatMessage(t.removeAttachment, { nome: file.name })}
                  title={formatMessage(t.removeAttachment, { nome: file.name })}
                >
                  <XIcon size={16} />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {progress !== null && (
          <ProgressBar
            label={formatMessage(t.uploading, { pct: Math.round(progress * 100) })}
            value={Math.round(progress * 100)}
            valueText={formatMessage(t.uploading, { pct: Math.round(progress * 100) })}
          />
        )}
      </fieldset>

      <Button type="submit" fullWidth loading={submit.isPending} loadingText={t.submitting}>
        {view.versao === null ? t.submit : t.update}
      </Button>
    </form>
  );
}
