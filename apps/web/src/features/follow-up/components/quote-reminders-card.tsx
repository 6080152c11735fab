import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { isDeadlinePassed, isRemindableStatus } from '@cotacoes/shared/rules/quote-status';
import {
  MANUAL_REMINDER_MIN_SPACING_MINUTES,
  REMINDER_MIN_SPACING_HOURS,
} from '@cotacoes/shared/rules/reminders';
import type { QuoteReminders } from '@cotacoes/shared/schemas/follow-up';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { QueryContent } from '@/components/ui/query-content';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useQuoteReminders } from '../api/get-quote-reminders';
import { useSendReminders } from '../api/send-reminders';
import { useSetQuoteReminders } from '../api/set-quote-reminders';

const t = ui.followUp.reminders;
/** 'dd/mm hh:mm' in Brasília time, as the issue words it ('próximo lembrete em 05/12 14:00'). */
const shortDateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});
const when = (iso: string) => shortDateTime.format(new Date(iso)).replace(',', '');

type Target = { transportadorId?: string; nome?: string; count: number };

function sentLine(entry: QuoteReminders['enviados'][number]): string {
  const vars = { nome: entry.nome, data: when(entry.sentAt) };
  if (!entry.manual) return formatMessage(t.sentAuto, vars);
  return entry.enviadoPor
    ? formatMessage(t.sentManual, { ...vars, usuario: entry.enviadoPor })
    : formatMessage(t.sentManualNoUser, vars);
}

function RemindersBody({ quote, data }: { quote: QuoteDetail; data: QuoteReminders }) {
  const toggle = useSetQuoteReminders(quote.id);
  const send = useSendReminders(quote.id);
  const [target, setTarget] = useState<Target | null>(null);
  const waiting = isRemindableStatus(quote.status);
  // Past the deadline nobody is reminded (the server refuses): say so and how to go on (QA pass 5).
  const deadlinePassed = waiting && isDeadlinePassed(quote.prazoResposta);
  const open = waiting && !deadlinePassed;
  const next = data.proximos[0];
  // Reminded a moment ago: the server sends no second one for a while (QA pass 22: the dialog asked "2
  // agentes" and 1 was sent). The list shows when; "Lembrar todos" counts the others.
  const recentSince = Date.now() - MANUAL_REMINDER_MIN_SPACING_MINUTES * 60_000;
  const justReminded = new Set(
    data.enviados
      .filter((entry) => new Date(entry.sentAt).getTime() > recentSince)
      .map((entry) => entry.transportadorId),
  );
  const remindable = data.pendentes.filter((carrier) => !justReminded.has(carrier.transportadorId));

  function onToggle(ativos: boolean) {
    toggle.mutate(ativos, {
      onSuccess: () => showToast({ variant: 'success', message: ativos ? t.switchedOn : t.switchedOff }),
      onError: (error) => showToast({ variant: 'error', message: errorText(error, t.switchError) }),
    });
  }
  function onConfirm() {
    if (!target) return;
    send.mutate(target.transportadorId, {
      onSuccess: (result) => {
        setTarget(null);
        showToast({ variant: 'success', message: result.message });
      },
    });
  }
  function ask(next: Target) {
    send.reset();
    setTarget(next);
  }

  return (
    <div className="space-y-4">
      <Switch
        checked={toggle.isPending ? Boolean(toggle.variables) : data.ativos}
        onCheckedChange={onToggle}
        disabled={toggle.isPending || !open}
        label={t.automatic}
        description={t.automaticHint}
      />
      {!open && <p className="text-sm text-fg-muted">{deadlinePassed ? t.deadlinePassed : t.notOpen}</p>}
      {open && !data.empresaAtivos && <Alert variant="info">{t.companyOff}</Alert>}
      {open && data.empresaAtivos && (
        <div className="text-sm">
          {data.ativos && next ? (
            <>
              <p className="font-medium text-fg">{formatMessage(t.next, { data: when(next.dueAt) })}</p>
              {data.proximos.length > 1 && (
                <ul className="mt-1 space-y-0.5 text-fg-muted">
                  {data.proximos.map((slot) => (
                    <li key={slot.slot}>
                      {formatMessage(t.nextCount, { data: when(slot.dueAt), n: slot.destinatarios })}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p className="text-fg-muted">
              {!data.ativos
                ? t.noNextOff
                : data.pendentes.length === 0
                  ? t.noNextNobody
                  : formatMessage(t.noNextSchedule, { h: REMINDER_MIN_SPACING_HOURS })}
            </p>
          )}
        </div>
      )}

      {open && data.pendentes.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-fg">{t.pendingTitle}</h3>
          <ul className="mt-1 divide-y divide-border text-sm">
            {data.pendentes.map((carrier) => (
              <li key={carrier.transportadorId} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 truncate text-fg">{carrier.nome}</span>
                {justReminded.has(carrier.transportadorId) ? (
                  <span className="shrink-0 text-xs text-fg-muted">{t.justReminded}</span>
                ) : (
                  <Button
                    variant="link"
                    aria-label={formatMessage(t.remindOneLabel, { nome: carrier.nome })}
                    onClick={() =>
                      ask({ transportadorId: carrier.transportadorId, nome: carrier.nome, count: 1 })
                    }
                  >
                    {t.remindOne}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div>
        <h3 className="text-sm font-semibold text-fg">{t.sentTitle}</h3>
        {data.enviados.length === 0 ? (
          <p className="mt-1 text-sm text-fg-muted">{t.none}</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-fg-muted">
            {data.enviados.map((entry) => (
              <li key={`${entry.transportadorId}:${entry.slot}`}>{sentLine(entry)}</li>
            ))}
          </ul>
        )}
      </div>

      {open && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {data.pendentes.length === 0 && <span className="text-sm text-fg-muted">{t.nobodyPending}</span>}
          {data.pendentes.length > 0 && remindable.length === 0 && (
            <span className="text-sm text-fg-muted">
              {formatMessage(t.allJustReminded, { espera: MANUAL_REMINDER_MIN_SPACING_MINUTES })}
            </span>
          )}
          <Button
            variant="secondary"
            disabled={remindable.length === 0}
            onClick={() => ask({ count: remindable.length })}
          >
            {t.remindNow}
          </Button>
        </div>
      )}

      <ConfirmModal
        open={target !== null}
        title={t.confirmTitle}
        confirmLabel={t.confirm}
        busyLabel={t.sending}
        busy={send.isPending}
        error={send.isError ? errorText(send.error, t.sendError) : null}
        variant="primary"
        onConfirm={onConfirm}
        onClose={() => setTarget(null)}
      >
        <p>
          {target?.transportadorId
            ? formatMessage(t.confirmOne, { nome: target.nome ?? '' })
            : formatMessage(t.confirmAll, { n: target?.count ?? 0 })}
        </p>
      </ConfirmModal>
    </div>
  );
}

/** The quote's 'Lembretes' card (issue 35): the switch, the next and sent reminders, 'Lembrar agora'. */
export function QuoteRemindersCard({ quote }: { quote: QuoteDetail }) {
  const reminders = useQuoteReminders(quote.id);
  return (
    <CardSection title={t.title} headingId="quote-reminders">
      <QueryContent query={reminders} loadingLabel={t.loading} errorFallback={t.loadError}>
        {(data) => <RemindersBody quote={quote} data={data} />}
      </QueryContent>
    </CardSection>
  );
}
