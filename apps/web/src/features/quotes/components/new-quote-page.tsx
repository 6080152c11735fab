import '@/lib/zod-messages';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { uiQuoteDraft } from '@cotacoes/shared/messages/ui-quote-draft';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { quotesKey } from '@/api/quote-keys';
import { ArrowLeftIcon, CheckCircleIcon, ChevronRightIcon, SendIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader, PageTitle } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { createQuote } from '../api/create-quote';
import { createQuoteWithFile } from '../api/create-quote-with-file';
import { CREATED_REDIRECT_MS } from '../api/keys';
import { ContentStep } from './content-step';
import {
  buildFormData,
  buildPayload,
  contentErrors,
  type DraftField,
  isFileFormat,
  newDraft,
  payloadError,
  type QuoteDraft,
  STEP_COUNT,
  STEPS,
  stepValid,
  submitError,
} from './draft';
import { clearDraft, isDirty, loadDraft, type SavedDraft, saveDraft } from './draft-storage';
import { FormatStep } from './format-step';
import { RecipientsStep } from './recipients-step';
import { ReviewStep } from './review-step';
import { WizardStepper } from './wizard-stepper';

const t = ui.quotes.wizard;

/** Every field of step 2: touched at once when the user tries to continue with an incomplete step. */
const CONTENT_FIELDS: DraftField[] = [
  'file',
  'nomeSolicitante',
  'referenciaProcesso',
  'tipoFrete',
  'origem',
  'destino',
  'incoterm',
  'tempoTransito',
  'prazo',
  'pesoBrutoTotal',
  'valorMercadoria',
  'itens',
];

type Sending = { progress: number | null } | null;

/**
 * 'Nova Cotação' (spec 001 §2, /quotes): the four-step wizard. Forward only when the step is valid,
 * back by clicking an earlier step; 'Enviar Cotação' sends JSON (manual) or multipart (PDF/Excel),
 * then the form resets and /sent-quotes opens after 2 s.
 */
export function NewQuotePage() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  // A draft left in this browser comes back where it was left (QA pass 10: leaving lost it).
  const [restored, setRestored] = useState<SavedDraft | null>(() =>
    userId ? loadDraft(userId, newDraft(user?.name ?? '')) : null,
  );
  const [draft, setDraft] = useState<QuoteDraft>(() => restored?.draft ?? newDraft(user?.name ?? ''));
  const [step, setStep] = useState<number>(() => restored?.step ?? STEPS.format);
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [sending, setSending] = useState<Sending>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<QuoteDetail | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Bumped by a 'Próximo' that cannot go on: the first invalid field takes the focus after the render. */
  const [focusFirstError, setFocusFirstError] = useState(0);
  useEffect(() => {
    if (focusFirstError === 0) return;
    headingRef.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);
  const moved = useRef(false);
  const noCompany = !user?.empresaId;

  // Focus follows the step (not on the first render), so keyboard and screen reader users land on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change by design
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  // Kept as it is typed; nothing kept until something was typed, and nothing once it is sent.
  useEffect(() => {
    if (!userId || created) return;
    if (isDirty(draft, newDraft(user?.name ?? ''))) saveDraft(userId, draft, step);
    else clearDraft(userId);
  }, [draft, step, userId, created, user?.name]);

  function discardDraft() {
    if (userId) clearDraft(userId);
    setRestored(null);
    setDraft(newDraft(user?.name ?? ''));
    setTouched(new Set());
    setStep(STEPS.format);
    showToast({ message: uiQuoteDraft.discarded, variant: 'success' });
  }

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(paths.quotes.sent.getHref()), CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const update = (patch: Partial<QuoteDraft>) => {
    setError(null);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const touch = (field: DraftField) =>
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));

  function goTo(next: number) {
    moved.current = true;
    setError(null);
    setStep(next);
  }

  const now = new Date();
  const valid = stepValid(step, draft, now);
  const errors = step === STEPS.content ? contentErrors(draft, now) : {};
  const last = step === STEP_COUNT - 1;

  function next() {
    if (!valid) {
      // The button says it is unavailable; trying it anyway shows every missing field.
      if (step === STEPS.content) {
        setTouched(new Set(CONTENT_FIELDS));
        // Takes a keyboard or screen-reader user to the first field to fix (QA pass 42b: focus stayed on
        // the button while five errors appeared above it), once the errors are on the page.
        setFocusFirstError((count) => count + 1);
      }
      return;
    }
    goTo(step + 1);
  }

  async function send() {
    if (sending) return;
    if (noCompany) {
      setError(ui.quotes.noCompany);
      return;
    }
    const problem = submitError(draft);
    if (problem) {
      setError(problem);
      return;
    }
    const payload = buildPayload(draft);
    const invalid = payloadError(payload);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    const fileFormat = isFileFormat(draft.metodoEnvio);
    setSending({ progress: fileFormat ? 0 : null });
    try {
      const quote =
        fileFormat && draft.file
          ? await createQuoteWithFile(buildFormData(payload, draft.file, draft.dangerousFile), {
              onProgress: (fraction) => setSending({ progress: Math.round(fraction * 100) }),
            })
          : await createQuote(payload);
      void queryClient.invalidateQueries({ queryKey: quotesKey });
      if (userId) clearDraft(userId);
      setRestored(null);
      setDraft(newDraft(user?.name ?? ''));
      setTouched(new Set());
      setStep(STEPS.format);
      setCreated(quote);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 403) {
        // Spec 001 §6: a 403 goes to the company-error notice (the API client shows it for
        // EMPRESA_REQUIRED), never inline.
        if (failure.code !== 'EMPRESA_REQUIRED')
          showToast({ message: failure.message, variant: 'error', position: 'top-center' });
      } else setError(errorText(failure, t.createError));
    } finally {
      setSending(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (last) void send();
    else next();
  }

  if (created) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageTitle title={t.title} />
        <PageHeader title={t.title} />
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <CheckCircleIcon size={40} className="text-success-soft-fg" />
          <div role="status">
            <p className="text-lg font-semibold text-fg">{t.created}</p>
            <p className="mt-1 text-sm text-fg-muted">
              {created.codigo ? `${created.codigo} · ` : ''}
              {t.redirecting}
            </p>
          </div>
          <Spinner size={20} className="text-primary" />
        </Card>
      </div>
    );
  }

  const stepTitles = [
    ui.quotes.format.title,
    ui.quotes.content.title,
    ui.quotes.recipients.title,
    ui.quotes.review.title,
  ];
  const hintId = 'quote-wizard-incomplete';

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} />
      {noCompany && (
        <Alert variant="error" className="mb-4">
          {ui.quotes.noCompany}
        </Alert>
      )}
      {restored && (
        <Alert variant="info" className="mb-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p>
                {formatMessage(uiQuoteDraft.restored, {
                  data: new Date(restored.savedAt).toLocaleString('pt-BR', {
                    dateStyle: 'short',
                    timeStyle: 'short',
                  }),
                })}
              </p>
              {restored.arquivos.length > 0 && !draft.file && !draft.dangerousFile && (
                <p className="mt-1">
                  {formatMessage(uiQuoteDraft.refile, { nomes: restored.arquivos.join(', ') })}
                </p>
              )}
            </div>
            <Button variant="secondary" size="sm" onClick={discardDraft}>
              {uiQuoteDraft.discard}
            </Button>
          </div>
        </Alert>
      )}
      <Card className="p-4 sm:p-6">
        <WizardStepper step={step} onGoBack={goTo} />
        <form onSubmit={onSubmit} noValidate className="mt-6" data-tour="quote-form">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="mb-4 text-lg font-semibold text-fg focus:outline-none"
          >
            <span className="sr-only">
              {formatMessage(t.stepOf, { step: step + 1, total: STEP_COUNT })}:{' '}
            </span>
            {stepTitles[step]}
          </h2>
          {step === STEPS.format && <FormatStep draft={draft} update={update} />}
          {step === STEPS.content && (
            <ContentStep draft={draft} update={update} errors={errors} touched={touched} touch={touch} />
          )}
          {step === STEPS.recipients && <RecipientsStep draft={draft} update={update} />}
          {step === STEPS.review && <ReviewStep draft={draft} update={update} onGoTo={goTo} />}

          {error && (
            <Alert variant="error" className="mt-5">
              {error}
            </Alert>
          )}
          {sending?.progress !== null && sending !== null && (
            <div className="mt-5 space-y-2">
              <ProgressBar label={t.progressLabel} value={sending.progress} />
              <p className="text-sm text-fg-muted" aria-live="polite">
                {sending.progress < 100
                  ? formatMessage(t.uploading, { percent: sending.progress })
                  : t.processing}
              </p>
            </div>
          )}

          <div className="mt-6 flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              {step > 0 && (
                <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={sending !== null}>
                  <ArrowLeftIcon size={16} />
                  {t.back}
                </Button>
              )}
            </div>
            <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
              {!valid && (
                <p id={hintId} className="text-sm text-fg-muted">
                  {t.incomplete}
                </p>
              )}
              {last ? (
                <Button type="submit" loading={sending !== null} loadingText={t.submitting}>
                  <SendIcon size={16} />
                  {t.submit}
                </Button>
              ) : (
                <Button
                  type="submit"
                  aria-disabled={!valid || undefined}
                  aria-describedby={valid ? undefined : hintId}
                >
                  {t.next}
                  <ChevronRightIcon size={16} />
                </Button>
              )}
            </div>
          </div>
        </form>
      </Card>
    </div>
  );
}
