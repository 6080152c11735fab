import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { correctionFieldKind } from '@cotacoes/shared/schemas/decisions';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import type { FigureRef } from '@/api/figure';
import { CheckIcon, XIcon } from '@/components/icons';
import { fieldClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { showToast } from '@/lib/toast';
import { useCorrectValue } from '../api/correct-value';
import { correctionInputText, parseCorrection, unitOptions } from './correction-parse';

const t = ui.decisions.correction;

/** The server's message for the value (field errors first), else its general message. */
function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors.find((item) => item.path === 'valor' || item.path === 'campo');
    if (field) return field.message;
  }
  return errorText(error, t.error);
}

/**
 * A value of the table being corrected in place: pt-BR input ('1.250,00', '30/12/2026'), Enter saves
 * (PUT correcoes), Esc cancels; the parse message or the server's field message shows under the input.
 */
export function CorrectionInput({
  quoteId,
  figure,
  onDone,
}: {
  quoteId: string;
  figure: FigureRef & { campo: string };
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => correctionInputText(figure.campo, figure.valor));
  const [localError, setLocalError] = useState<string | null>(null);
  const correct = useCorrectValue(quoteId);
  const error = localError ?? (correct.isError ? serverMessage(correct.error) : null);
  const kind = correctionFieldKind(figure.campo);
  // A unit or basis is picked from its list (ADR 0101); figures and dates are typed.
  const choices = kind === 'unidade' ? unitOptions(figure.campo) : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    // Enter saves from the list too, as it does from a typed value.
    if (event.key === 'Enter' && event.currentTarget instanceof HTMLSelectElement) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  };
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;

  function save(event: FormEvent) {
    event.preventDefault();
    if (correct.isPending) return;
    const parsed = parseCorrection(figure.campo, text);
    if (!parsed.ok) {
      setLocalError(parsed.message);
      return;
    }
    setLocalError(null);
    correct.mutate(
      { respostaId: figure.respostaId, campo: figure.campo, valor: parsed.valor },
      {
        onSuccess: () => {
          showToast({ message: formatMessage(t.saved, { campo: figure.label }), variant: 'success' });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={save} className="inline-flex min-w-32 flex-col gap-1" noValidate>
      <div className="flex items-center gap-1">
        {choices ? (
          <select
            id={id}
            // biome-ignore lint/a11y/noAutofocus: the analyst asked to edit this value; the caret goes there
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setLocalError(null);
              correct.reset();
            }}
            onKeyDown={onKeyDown}
            aria-label={formatMessage(t.inputLabel, { campo: figure.label })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={correct.isPending}
            className={cn(fieldClasses, 'h-8 w-40 px-2', error ? 'border-danger' : 'border-border-strong')}
          >
            {!choices.some((choice) => choice.value === text) && <option value={text}>{text || '—'}</option>}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            // biome-ignore lint/a11y/noAutofocus: the analyst asked to edit this value; the caret goes there
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setLocalError(null);
              correct.reset();
            }}
            onKeyDown={onKeyDown}
            inputMode={correctionFieldKind(figure.campo) === 'data' ? 'text' : 'decimal'}
            aria-label={formatMessage(t.inputLabel, { campo: figure.label })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={correct.isPending}
            className={cn(
              fieldClasses,
              'h-8 w-32 px-2 tabular-nums',
              error ? 'border-danger' : 'border-border-strong',
            )}
          />
        )}
        <button
          type="submit"
          aria-label={t.save}
          title={t.save}
          disabled={correct.isPending}
          className="rounded-md p-1 text-success-soft-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          {correct.isPending ? <Spinner size={16} /> : <CheckIcon size={16} />}
        </button>
        <button
          type="button"
          aria-label={t.cancel}
          title={t.cancel}
          onClick={onDone}
          disabled={correct.isPending}
          className="rounded-md p-1 text-fg-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon size={16} />
        </button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {t.hint}
      </p>
      {correct.isPending && (
        <p role="status" className="text-xs text-fg-muted">
          {t.saving}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="max-w-56 text-xs whitespace-normal text-danger-soft-fg">
          {error}
        </p>
      )}
    </form>
  );
}
