import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { cnpjProblem, formatCnpj, normalizeCnpj } from '@cotacoes/shared/rules/cnpj';
import { type FormEvent, useState } from 'react';
import { SearchIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CnpjInput } from '@/components/ui/cnpj-input';
import { errorText } from '@/lib/api-client';
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

/** Create and join steps: CNPJ field with 'Buscar' / 'Verificar', the data found and the step's actions. */
export function LookupStep({ mode, initial, onCreated, onJoined, onSwitch }: LookupStepProps) {
  const [cnpj, setCnpj] = useState(initial?.cnpj ?? '');
  const [result, setResult] = useState<CnpjLookupResponse | null>(initial?.result ?? null);
  const [problem, setProblem] = useState<string | null>(null);
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

      {!result && (
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
    </section>
  );
}
