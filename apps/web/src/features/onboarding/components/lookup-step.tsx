import { errorMessages, formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { cnpjProblem, formatCnpj, normalizeCnpj } from '@cotacoes/shared/rules/cnpj';
import { type FormEvent, useState } from 'react';
import { usePublicConfig } from '@/api/get-public-config';
import { SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CnpjInput } from '@/components/ui/cnpj-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorText } from '@/lib/api-client';
import { useFieldErrors } from '@/lib/form';
import { type JoinResult, useJoinCompany } from '../api/join-company';
import { type OnboardingResult, useOnboardCompany } from '../api/onboard-company';
import { type CnpjLookupResponse, useSearchCnpj } from '../api/search-cnpj';
import { CompanyDetails } from './company-details';

const t = ui.onboarding;

export type LookupMode = 'create' | 'join';

export interface LookupStepProps {
  mode: LookupMode;
  /** A look-up made in the other mode (switching from create to join or back keeps its data). */
  initial?: { cnpj: string; result: CnpjLookupResponse };
  onCreated: (result: OnboardingResult) => void;
  onJoined: (result: JoinResult) => void;
  onSwitch: (mode: LookupMode, data: { cnpj: string; result: CnpjLookupResponse }) => void;
}

/**
 * The registry could not answer for a valid CNPJ (not found, unreachable, broken answer): the user may
 * type the company's data instead (R7). Limits, invalid numbers and sign-in problems are not offered it.
 */
function lookupMissed(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'CNPJ_NOT_FOUND' || error.code === 'CNPJ_LOOKUP_FAILED') return true;
  return error.code === null && (error.status === 0 || error.status >= 500);
}

interface ManualValues {
  razaoSocial: string;
  nomeFantasia: string;
  endereco: string;
}

/** Razão social, nome fantasia and address typed against the validated CNPJ; marked not confirmed. */
function ManualCompanyForm({
  cnpj,
  pending,
  onSubmit,
}: {
  cnpj: string;
  pending: boolean;
  onSubmit: (values: ManualValues) => void;
}) {
  const [values, setValues] = useState<ManualValues>({ razaoSocial: '', nomeFantasia: '', endereco: '' });
  const [errors, setErrors, clearOnChange] = useFieldErrors();
  const set = (field: keyof ManualValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.razaoSocial.trim()) {
      setErrors({ razaoSocial: [t.manualRazaoSocialRequired] });
      return;
    }
    onSubmit(values);
  }

  return (
    <form
      id="onboarding-manual"
      onChange={clearOnChange}
      onSubmit={submit}
      noValidate
      aria-labelledby="onboarding-manual-title"
      className="space-y-4 rounded-xl border border-border bg-surface-muted/60 p-4"
    >
      <h3 id="onboarding-manual-title" className="text-sm font-semibold text-fg">
        {t.manualTitle}
      </h3>
      <Alert variant="warning">{t.manualNotice}</Alert>
      <dl>
        <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{t.fields.cnpj}</dt>
        <dd className="text-sm text-fg">{formatCnpj(cnpj)}</dd>
      </dl>
      <fieldset disabled={pending} className="space-y-4">
        <Input
          label={t.fields.razaoSocial}
          name="razaoSocial"
          value={values.razaoSocial}
          onChange={set('razaoSocial')}
          errors={errors.razaoSocial}
          maxLength={200}
          autoComplete="organization"
          required
          autoFocus
        />
        <Input
          label={t.fields.nomeFantasia}
          name="nomeFantasia"
          value={values.nomeFantasia}
          onChange={set('nomeFantasia')}
          maxLength={200}
        />
        <Textarea
          label={t.fields.endereco}
          name="endereco"
          value={values.endereco}
          onChange={set('endereco')}
          maxLength={500}
          rows={2}
        />
      </fieldset>
    </form>
  );
}

/** Notes of the create and join steps: the support contact and where the data comes from. */
function LookupNotes({ manual }: { manual: boolean }) {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <div className="space-y-1.5 border-t border-border pt-4 text-xs text-fg-muted">
      <p>{email ? formatMessage(t.supportNote, { email }) : t.supportNoteNoEmail}</p>
      {!manual && <p>{t.publicLookupNote}</p>}
    </div>
  );
}

/** Create and join steps: CNPJ field with 'Buscar' / 'Verificar', the data found and the step's actions. */
export function LookupStep({ mode, initial, onCreated, onJoined, onSwitch }: LookupStepProps) {
  const [cnpj, setCnpj] = useState(initial?.cnpj ?? '');
  const [result, setResult] = useState<CnpjLookupResponse | null>(initial?.result ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [manual, setManual] = useState(false);
  const search = useSearchCnpj();
  const onboard = useOnboardCompany();
  const join = useJoinCompany();
  const isCreate = mode === 'create';

  function onSearch(event: FormEvent) {
    event.preventDefault();
    const rule = cnpjProblem(cnpj);
    search.reset();
    if (rule) {
      setProblem(errorMessages[rule]);
      return;
    }
    setProblem(null);
    search.mutate(normalizeCnpj(cnpj), { onSuccess: setResult });
  }

  function editCnpj() {
    setResult(null);
    setManual(false);
    search.reset();
    onboard.reset();
    join.reset();
  }

  function tryAnother() {
    editCnpj();
    setCnpj('');
  }

  function createCompany(found: Extract<CnpjLookupResponse, { source: 'receita' }>) {
    onboard.mutate(
      {
        nome: found.nome_fantasia || found.razao_social || 'Empresa',
        codigo: 'TEMP',
        cnpj: found.cnpj,
        razaoSocial: found.razao_social || null,
        endereco: found.endereco || null,
      },
      { onSuccess: onCreated },
    );
  }

  function createManually(values: ManualValues) {
    const razaoSocial = values.razaoSocial.trim();
    onboard.mutate(
      {
        nome: values.nomeFantasia.trim() || razaoSocial,
        codigo: 'TEMP',
        cnpj: normalizeCnpj(cnpj),
        razaoSocial,
        endereco: values.endereco.trim() || null,
      },
      { onSuccess: onCreated },
    );
  }

  const canTypeData = isCreate && !problem && search.isError && lookupMissed(search.error);
  const lookupError = problem ?? (search.isError ? errorText(search.error, t.lookupFailed) : null);
  const actionError = onboard.isError
    ? errorText(onboard.error, t.createErrorFallback)
    : join.isError
      ? errorText(join.error, t.joinErrorFallback)
      : null;

  return (
    <section aria-labelledby="onboarding-step-title" className="space-y-4">
      <div>
        <h2 id="onboarding-step-title" className="text-lg font-semibold text-fg">
          {isCreate ? t.createHeading : t.joinHeading}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{isCreate ? t.createIntro : t.joinIntro}</p>
      </div>

      {manual && (
        <div className="space-y-4">
          <ManualCompanyForm cnpj={cnpj} pending={onboard.isPending} onSubmit={createManually} />
          {actionError && <Alert variant="error">{actionError}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              form="onboarding-manual"
              loading={onboard.isPending}
              loadingText={t.creating}
            >
              {t.createCompany}
            </Button>
            <Button variant="secondary" onClick={editCnpj} disabled={onboard.isPending}>
              {t.editCnpj}
            </Button>
          </div>
        </div>
      )}

      {!result && !manual && (
        <form onSubmit={onSearch} noValidate className="space-y-3">
          <div className="flex items-end gap-2">
            <CnpjInput
              label={t.cnpjLabel}
              name="cnpj"
              placeholder={t.cnpjPlaceholder}
              hint={t.cnpjHint}
              value={cnpj}
              onValueChange={(value) => {
                setCnpj(value);
                setProblem(null);
                search.reset();
              }}
              aria-invalid={lookupError ? true : undefined}
              containerClassName="flex-1"
              disabled={search.isPending}
              autoFocus
            />
            <Button
              type="submit"
              className="mb-[1.375rem]"
              loading={search.isPending}
              disabled={cnpj.trim() === ''}
            >
              {!search.isPending && <SearchIcon size={16} />}
              {isCreate ? t.search : t.verify}
            </Button>
          </div>
          {lookupError && <Alert variant="error">{lookupError}</Alert>}
          {canTypeData && (
            <div className="space-y-3 rounded-xl border border-border p-4">
              <p className="text-sm text-fg-muted">{t.manualOffer}</p>
              <Button variant="secondary" onClick={() => setManual(true)}>
                {t.manualStart}
              </Button>
            </div>
          )}
        </form>
      )}

      {result && (
        <div className="space-y-4">
          <CompanyDetails result={result} />
          {isCreate && result.source === 'empresa' && (
            <Alert variant="warning" title={t.alreadyRegistered}>
              {t.alreadyRegisteredText}
            </Alert>
          )}
          {!isCreate && result.source === 'receita' && (
            <Alert variant="warning" title={t.notRegistered}>
              {t.notRegisteredText}
            </Alert>
          )}
          {result.source === 'empresa' && result.dadosNaoConfirmados && (
            <Alert variant="warning" title={t.unconfirmed}>
              {t.unconfirmedHint}
            </Alert>
          )}
          {!isCreate && result.source === 'empresa' && <Alert variant="info">{t.joinApprovalNote}</Alert>}
          {actionError && <Alert variant="error">{actionError}</Alert>}
          <div className="flex flex-wrap gap-2">
            {isCreate && result.source === 'receita' && (
              <Button
                onClick={() => createCompany(result)}
                loading={onboard.isPending}
                loadingText={t.creating}
              >
                {t.createCompany}
              </Button>
            )}
            {!isCreate && result.source === 'empresa' && (
              <Button
                onClick={() =>
                  join.mutate({ empresaId: result.id, cnpj: result.cnpj }, { onSuccess: onJoined })
                }
                loading={join.isPending}
                loadingText={t.joining}
              >
                {t.joinCompany}
              </Button>
            )}
            {isCreate && result.source === 'empresa' && (
              <Button onClick={() => onSwitch('join', { cnpj: formatCnpj(result.cnpj), result })}>
                {t.requestAccessInstead}
              </Button>
            )}
            {!isCreate && result.source === 'receita' && (
              <Button onClick={() => onSwitch('create', { cnpj: formatCnpj(result.cnpj), result })}>
                {t.createInstead}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={isCreate ? editCnpj : tryAnother}
              disabled={onboard.isPending || join.isPending}
            >
              {isCreate ? t.editCnpj : t.tryAnother}
            </Button>
          </div>
        </div>
      )}
      <LookupNotes manual={manual || (result?.source === 'empresa' && Boolean(result.dadosNaoConfirmados))} />
    </section>
  );
}
