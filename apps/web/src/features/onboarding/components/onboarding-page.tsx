import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  ArrowLeftIcon,
  BuildingIcon,
  CheckCircleIcon,
  ChevronRightIcon,
  ClockIcon,
  InfoIcon,
  UsersIcon,
} from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { updateUser, useUser } from '@/lib/session';
import { type JoinRequest, useMyJoinRequest } from '../api/get-my-join-request';
import type { CnpjLookupResponse } from '../api/search-cnpj';
import { type LookupMode, LookupStep } from './lookup-step';

const t = ui.onboarding;

type Step =
  | { name: 'choice' }
  | { name: 'create' | 'join'; initial?: { cnpj: string; result: CnpjLookupResponse } }
  | { name: 'pending' }
  | { name: 'success'; kind: 'created' | 'linked' | 'approved'; empresa: string; unconfirmed?: boolean };

/** The info box of the spec: why a company link is needed. */
function WhyLink() {
  return (
    <section
      aria-labelledby="onboarding-why"
      className="rounded-xl border border-primary/30 bg-primary-soft p-4 text-sm text-primary-soft-fg"
    >
      <h2 id="onboarding-why" className="flex items-center gap-2 font-semibold">
        <InfoIcon size={16} />
        {t.whyTitle}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {t.whyItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function ChoiceCard({
  icon,
  title,
  text,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex w-full items-center gap-4 rounded-xl border border-border-strong bg-surface p-4 text-left shadow-sm transition-colors hover:border-primary hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-fg">{title}</span>
        <span className="mt-0.5 block text-sm text-fg-muted">{text}</span>
      </span>
      <ChevronRightIcon size={18} className="shrink-0 text-fg-muted group-hover:text-primary-soft-fg" />
    </button>
  );
}

function ChoiceStep({
  latest,
  isDeveloper,
  onChoose,
}: {
  latest: JoinRequest | null;
  isDeveloper: boolean;
  onChoose: (mode: LookupMode) => void;
}) {
  return (
    <div className="space-y-5">
      {latest?.status === 'rejeitada' && (
        <Alert variant="warning" title={t.rejectedTitle}>
          <p>{formatMessage(t.rejected, { empresa: latest.empresa.nome })}</p>
          {latest.motivo && (
            <p className="mt-1">{formatMessage(t.rejectedReason, { motivo: latest.motivo })}</p>
          )}
        </Alert>
      )}
      {latest?.status === 'pendente' && (
        <Alert variant="info" title={t.pendingTitle}>
          {t.pendingOtherHint}
        </Alert>
      )}
      <fieldset className="space-y-3">
        <legend className="mb-3 text-sm font-medium text-fg">{t.choiceLabel}</legend>
        <ChoiceCard
          icon={<BuildingIcon size={22} />}
          title={t.createCard}
          text={t.createCardText}
          onClick={() => onChoose('create')}
        />
        <ChoiceCard
          icon={<UsersIcon size={22} />}
          title={t.joinCard}
          text={t.joinCardText}
          onClick={() => onChoose('join')}
        />
      </fieldset>
      {isDeveloper && (
        <p className="text-sm text-fg-muted">
          {t.developerNote}{' '}
          <Link
            to={paths.companies.list.getHref()}
            className="font-semibold text-primary-soft-fg hover:underline"
          >
            {t.developerLink}
          </Link>
        </p>
      )}
      <WhyLink />
    </div>
  );
}

function PendingStep({
  request,
  checking,
  stillWaiting,
  onCheck,
  onOther,
}: {
  request: JoinRequest;
  checking: boolean;
  stillWaiting: boolean;
  onCheck: () => void;
  onOther: () => void;
}) {
  return (
    <section aria-labelledby="onboarding-step-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning-soft-fg">
          <ClockIcon size={22} />
        </span>
        <div>
          <h2 id="onboarding-step-title" className="text-lg font-semibold text-fg">
            {t.pendingTitle}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {formatMessage(t.pendingText, {
              empresa: request.empresa.nome,
              date: formatDateTime(request.createdAt, ui.common.invalidDate),
            })}
          </p>
        </div>
      </div>
      {stillWaiting && !checking && (
        <p role="status" className="text-sm text-fg-muted">
          {t.pendingStillWaiting}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onCheck} loading={checking} loadingText={t.pendingChecking}>
          {t.pendingCheck}
        </Button>
        <Button variant="secondary" onClick={onOther}>
          {t.pendingOther}
        </Button>
      </div>
      <p className="text-xs text-fg-muted">{t.pendingOtherHint}</p>
    </section>
  );
}

function SuccessStep({ step }: { step: Extract<Step, { name: 'success' }> }) {
  const navigate = useNavigate();
  const texts = {
    created: [t.successCreatedTitle, t.successCreated],
    linked: [t.successLinkedTitle, t.successLinked],
    approved: [t.successApprovedTitle, t.successApproved],
  } as const;
  const [title, text] = texts[step.kind];
  return (
    <section aria-labelledby="onboarding-step-title" className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-soft-fg">
          <CheckCircleIcon size={22} />
        </span>
        <div>
          <h2 id="onboarding-step-title" className="text-lg font-semibold text-fg">
            {title}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{formatMessage(text, { empresa: step.empresa })}</p>
        </div>
      </div>
      {step.unconfirmed && (
        <Alert variant="warning" title={t.unconfirmed}>
          {t.unconfirmedHint}
        </Alert>
      )}
      <Button size="lg" onClick={() => navigate(paths.home.getHref(), { replace: true })}>
        {t.goToDashboard}
      </Button>
    </section>
  );
}

/**
 * Company onboarding (spec 2, /onboarding/company): choice, create, join and success, plus the
 * "aguardando aprovação" state of a join request (ADR 0008), also when the user comes back later.
 */
export function OnboardingPage() {
  const user = useUser();
  const mine = useMyJoinRequest();
  const [step, setStep] = useState<Step | null>(null);
  const [checking, setChecking] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);
  const latest = mine.data?.request ?? null;

  // The step shown: the user's choice, else what their latest join request says (an approved one is
  // confirmed with /auth/me below: the stored user may predate the approval, or the link may have ended).
  const waiting = latest?.status === 'pendente' || latest?.status === 'aprovada';
  const current: Step | null =
    step ?? (mine.isPending ? null : waiting ? { name: 'pending' } : { name: 'choice' });

  const approvedId = current?.name === 'pending' && latest?.status === 'aprovada' ? latest.id : null;
  const pendingEnded =
    current?.name === 'pending' && (latest?.status === 'rejeitada' || latest?.status === 'cancelada');

  // A supervisor approved while the user waited (seen by polling or 'Verificar aprovação').
  useEffect(() => {
    if (!approvedId || !latest) return;
    let active = true;
    api
      .get<User>('/auth/me')
      .then((fresh) => {
        if (!active) return;
        if (fresh.empresaId) {
          setStep({ name: 'success', kind: 'approved', empresa: latest.empresa.nome });
          updateUser(fresh);
        } else setStep({ name: 'choice' });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [approvedId, latest]);

  useEffect(() => {
    if (pendingEnded) setStep({ name: 'choice' });
  }, [pendingEnded]);

  // A user who already has a company has nothing to do here (the success step is shown first).
  if (user?.empresaId && current?.name !== 'success') return <Navigate to={paths.home.getHref()} replace />;
  if (!current) return <LoadingState />;

  async function check() {
    setChecking(true);
    const { data } = await mine.refetch();
    setChecking(false);
    setStillWaiting(data?.request?.status === 'pendente');
  }

  const showBack = current.name === 'create' || current.name === 'join';
  return (
    <div className="space-y-5">
      {showBack && (
        <button
          type="button"
          onClick={() => setStep({ name: 'choice' })}
          className={buttonClasses({ variant: 'link', className: 'text-sm' })}
        >
          <ArrowLeftIcon size={16} />
          {t.backToChoice}
        </button>
      )}
      {current.name === 'choice' && (
        <ChoiceStep
          latest={latest}
          isDeveloper={user?.role === 'desenvolvedor'}
          onChoose={(mode) => setStep({ name: mode })}
        />
      )}
      {(current.name === 'create' || current.name === 'join') && (
        <LookupStep
          key={`${current.name}-${current.initial?.cnpj ?? ''}`}
          mode={current.name}
          initial={current.initial}
          onSwitch={(mode, data) => setStep({ name: mode, initial: data })}
          onCreated={(result) => {
            setStep({
              name: 'success',
              kind: 'created',
              empresa: result.nome,
              unconfirmed: result.dadosNaoConfirmados,
            });
            updateUser(result.user);
          }}
          onJoined={(result) => {
            if (result.user.empresaId) {
              setStep({ name: 'success', kind: 'linked', empresa: result.empresa.nome });
              updateUser(result.user);
            } else {
              setStillWaiting(false);
              setStep({ name: 'pending' });
            }
          }}
        />
      )}
      {current.name === 'pending' && latest?.status === 'pendente' && (
        <PendingStep
          request={latest}
          checking={checking}
          stillWaiting={stillWaiting}
          onCheck={check}
          onOther={() => setStep({ name: 'choice' })}
        />
      )}
      {current.name === 'pending' && latest?.status !== 'pendente' && <LoadingState />}
      {current.name === 'success' && <SuccessStep step={current} />}
    </div>
  );
}
