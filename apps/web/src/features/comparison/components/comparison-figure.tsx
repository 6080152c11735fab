import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { Correction } from '@cotacoes/shared/schemas/decisions';
import { useEffect, useRef } from 'react';
import { AlertTriangleIcon, PencilIcon } from '@/components/icons';
import { CorrectionInput, correctionDisplayText } from '@/features/decisions';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { editingKey, type FigureRef, useComparisonContext } from './comparison-context';

const t = ui.decisions.comparison;

/** 'Corrigido por Ana em 03/03/2026, 10:00 — valor extraído: 1.850,00' (or the short form without it). */
export function correctionText(correction: Correction | undefined): string {
  if (!correction) return t.correctedTitleShort;
  return formatMessage(t.correctedTitle, {
    nome: correction.por ?? t.someone,
    data: formatDateTime(correction.em, ui.common.invalidDate),
    original:
      correction.valorOriginal === null
        ? ui.quotes.notInformed
        : correctionDisplayText(correction.campo, correction.valorOriginal),
  });
}

/**
 * One figure of the comparison: the value opens where it came from (line or cell, body or attachment),
 * the pencil corrects it in place. A low-confidence value and a corrected one are marked with an icon and
 * a word, not by colour alone.
 */
export function Figure({
  figure,
  lowConfidence = false,
  className,
}: {
  figure: FigureRef;
  lowConfidence?: boolean;
  className?: string;
}) {
  const context = useComparisonContext();
  const { campo } = figure;
  const correctable = campo !== null && context.canCorrect(figure.respostaId);
  const isEditing = correctable && context.editing === editingKey(figure.respostaId, campo);
  // Esc or a save closes the input: the keyboard goes back to the pencil that opened it, not to the page
  // (QA pass 41c); not when another figure's input opened in its place.
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing && context.editing === null) pencil.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing, context.editing]);
  if (isEditing)
    return (
      <CorrectionInput quoteId={context.quoteId} figure={{ ...figure, campo }} onDone={context.stopEditing} />
    );

  const correction = figure.corrigido ? context.correctionOf(figure.respostaId, campo) : undefined;
  const edit = formatMessage(ui.decisions.correction.edit, { campo: figure.label });
  return (
    <span className={cn('inline-flex max-w-full flex-wrap items-center gap-x-1 gap-y-0.5', className)}>
      {/* A value and its pencil stay on one line ('Não informado' may wrap); the markers may wrap below. */}
      <span className={cn('inline-flex items-center gap-0.5', figure.valor !== null && 'whitespace-nowrap')}>
        <button
          type="button"
          onClick={() => context.openSource(figure)}
          aria-label={formatMessage(ui.decisions.source.open, { campo: figure.label, valor: figure.display })}
          className={cn(
            'rounded-sm text-left tabular-nums underline decoration-dotted decoration-1 underline-offset-4',
            'hover:decoration-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            figure.valor === null && 'text-fg-muted',
          )}
        >
          {figure.display}
        </button>
        {correctable && (
          <button
            ref={pencil}
            type="button"
            onClick={() => context.startEditing(figure)}
            aria-label={edit}
            title={edit}
            className="rounded-md p-1 text-fg-muted opacity-70 hover:bg-surface-muted hover:text-fg hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <PencilIcon size={13} />
          </button>
        )}
      </span>
      {lowConfidence && (
        <span
          title={t.lowConfidenceTitle}
          className="inline-flex items-center gap-0.5 rounded-full bg-warning-soft px-1.5 text-[11px] font-medium text-warning-soft-fg"
        >
          <AlertTriangleIcon size={11} aria-hidden="true" />
          {t.lowConfidence}
        </span>
      )}
      {figure.versaoAnterior !== undefined && (
        <span
          title={formatMessage(t.carriedTitle, { versao: figure.versaoAnterior })}
          className="inline-flex items-center rounded-full bg-surface-muted px-1.5 text-[11px] font-medium text-fg-muted"
          data-carried=""
        >
          {formatMessage(t.carried, { versao: figure.versaoAnterior })}
          <span className="sr-only">
            : {formatMessage(t.carriedTitle, { versao: figure.versaoAnterior })}
          </span>
        </span>
      )}
      {figure.corrigido && (
        <span
          title={correctionText(correction)}
          className="inline-flex items-center gap-0.5 rounded-full bg-primary-soft px-1.5 text-[11px] font-medium text-primary-soft-fg"
        >
          <PencilIcon size={11} aria-hidden="true" />
          {t.corrected}
          <span className="sr-only">: {correctionText(correction)}</span>
        </span>
      )}
    </span>
  );
}
