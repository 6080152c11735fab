import { originLabel } from '@cotacoes/shared/comparison/origin-label';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { MailIcon, PencilIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfidenceBadge } from '@/components/ui/confidence-badge';
import { Modal } from '@/components/ui/modal';
import { useCorrectValue } from '@/features/decisions';
import { conversationSearch } from '@/features/responses';
import { errorText } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import type { FigureRef } from './comparison-context';
import { correctionText } from './comparison-figure';

const t = ui.decisions.source;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-fg">{children}</dd>
    </div>
  );
}

const CURRENCIES = ['USD', 'BRL', 'EUR'] as const;
/** Freight and fee amounts: their currency is a value of its own (`….moeda`). */
const MONEY_FIELD = /^(fretes\.\d+|taxas\.itens\.\d+)\.valor$/;

/**
 * The currency of a freight or fee read wrong (USD read as BRL changes every total): corrected here, as
 * its own correction (`fretes.N.moeda`, `taxas.itens.N.moeda`), kept with who, when and the original.
 */
function CurrencyCorrection({
  quoteId,
  figure,
  onSaved,
}: {
  quoteId: string;
  figure: FigureRef & { campo: string };
  onSaved: () => void;
}) {
  const c = ui.decisions.correction;
  const id = useId();
  const [moeda, setMoeda] = useState(figure.moeda ?? 'USD');
  const correct = useCorrectValue(quoteId);
  function save(event: FormEvent) {
    event.preventDefault();
    if (correct.isPending) return;
    correct.mutate(
      { respostaId: figure.respostaId, campo: figure.campo.replace(/\.valor$/, '.moeda'), valor: moeda },
      {
        onSuccess: () => {
          showToast({
            message: formatMessage(c.currencySaved, { campo: figure.label, moeda }),
            variant: 'success',
          });
          onSaved();
        },
      },
    );
  }
  return (
    <form onSubmit={save} className="space-y-1 border-t border-border pt-3" noValidate>
      <label htmlFor={id} className="block text-xs font-medium tracking-wide text-fg-muted uppercase">
        {formatMessage(c.currencyLabel, { campo: figure.label })}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={id}
          value={moeda}
          onChange={(event) => {
            setMoeda(event.target.value);
            correct.reset();
          }}
          className="h-9 rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {c.currencies[code]}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          variant="secondary"
          loading={correct.isPending}
          disabled={moeda === figure.moeda}
        >
          {c.currencySave}
        </Button>
      </div>
      {correct.isError && (
        <p role="alert" className="text-sm text-danger-soft-fg">
          {errorText(correct.error, c.error)}
        </p>
      )}
    </form>
  );
}

/**
 * Where a figure came from: the line (or spreadsheet cell) of the body or attachment it was read from,
 * the text of that line, the reading's confidence and any correction, with the message in the history tab.
 */
export function SourceDialog({
  quoteId,
  figure,
  mensagemId,
  correction,
  canCorrect,
  onCorrect,
  onClose,
}: {
  quoteId: string;
  figure: FigureRef | null;
  mensagemId: string | null;
  correction: Parameters<typeof correctionText>[0];
  canCorrect: boolean;
  onCorrect: (figure: FigureRef) => void;
  onClose: () => void;
}) {
  const fonte = figure?.fonte ?? null;
  return (
    <Modal
      open={figure !== null}
      onClose={onClose}
      title={t.title}
      size="sm"
      footer={
        figure && (
          <>
            {mensagemId && (
              <Link
                to={{ search: conversationSearch(mensagemId) }}
                onClick={onClose}
                className={buttonClasses({ variant: 'secondary' })}
              >
                <MailIcon size={16} />
                {t.viewMessage}
              </Link>
            )}
            {canCorrect && figure.campo && (
              <Button variant="secondary" onClick={() => onCorrect(figure)}>
                <PencilIcon size={16} />
                {formatMessage(ui.decisions.correction.edit, { campo: figure.label })}
              </Button>
            )}
            <Button onClick={onClose}>{ui.common.close}</Button>
          </>
        )
      }
    >
      {figure && (
        <div className="space-y-3">
          <dl className="space-y-3">
            <Row label={t.field}>{figure.label}</Row>
            <Row label={t.value}>
              <span className="font-semibold tabular-nums">{figure.display}</span>
            </Row>
            {fonte && (
              <>
                <Row label={t.origin}>
                  {originLabel(fonte.origin)}
                  {' · '}
                  {fonte.cell
                    ? formatMessage(t.cell, { cell: fonte.cell })
                    : formatMessage(t.line, { line: fonte.line })}
                </Row>
                <Row label={t.text}>
                  <pre className="mt-1 overflow-x-auto rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap text-fg">
                    {fonte.text}
                  </pre>
                </Row>
              </>
            )}
            {figure.confianca !== null && (
              <Row label={t.confidence}>
                <ConfidenceBadge value={figure.confianca} />
              </Row>
            )}
          </dl>
          {!fonte && <p className="text-sm text-fg-muted">{t.noSource}</p>}
          {figure.corrigido && (
            <p className="rounded-md bg-primary-soft px-3 py-2 text-sm text-primary-soft-fg">
              {correctionText(correction)}
            </p>
          )}
          {canCorrect && figure.campo && MONEY_FIELD.test(figure.campo) && (
            <CurrencyCorrection
              key={`${figure.respostaId}|${figure.campo}`}
              quoteId={quoteId}
              figure={{ ...figure, campo: figure.campo }}
              onSaved={onClose}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
