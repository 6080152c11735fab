import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { MAX_EMAILS_PER_TRANSPORTADOR } from '@cotacoes/shared/rules/email-list';
import { useEffect, useRef } from 'react';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

const t = ui.management.carriers;

/** One or more e-mail fields with add / remove (spec 2, create and edit carrier). */
export function EmailInputs({
  idPrefix,
  values,
  onChange,
  error,
  disabled,
}: {
  idPrefix: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const focusIndex = useRef<number | null>(null);
  const errorId = `${idPrefix}-emails-error`;

  useEffect(() => {
    if (focusIndex.current === null) return;
    inputs.current[focusIndex.current]?.focus();
    focusIndex.current = null;
  });

  function add() {
    focusIndex.current = values.length;
    onChange([...values, '']);
  }

  function remove(index: number) {
    focusIndex.current = Math.max(0, index - 1);
    onChange(values.filter((_, i) => i !== index));
  }

  return (
    <fieldset disabled={disabled} data-field="email" className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t.emailsLegend}</legend>
      {values.map((value, index) => {
        const n = index + 1;
        const id = `${idPrefix}-email-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in an editable list
          <div key={index} className="flex items-center gap-2">
            <label htmlFor={id} className="sr-only">
              {formatMessage(t.emailLabel, { n })}
            </label>
            <input
              ref={(element) => {
                inputs.current[index] = element;
              }}
              id={id}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder={t.emailPlaceholder}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange(values.map((v, i) => (i === index ? event.target.value : v)))}
              className={cn(fieldClasses, 'h-10', error ? 'border-danger' : 'border-border-strong')}
            />
            {values.length > 1 && (
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0 text-danger-soft-fg"
                onClick={() => remove(index)}
                aria-label={formatMessage(t.removeEmail, { n })}
                title={formatMessage(t.removeEmail, { n })}
              >
                <TrashIcon size={16} />
              </Button>
            )}
          </div>
        );
      })}
      {error && (
        <p id={errorId} className="text-sm text-danger-soft-fg">
          {error}
        </p>
      )}
      <Button
        variant="link"
        size="sm"
        onClick={add}
        disabled={values.length >= MAX_EMAILS_PER_TRANSPORTADOR}
        className="text-sm"
      >
        <PlusIcon size={14} />
        {t.addEmail}
      </Button>
    </fieldset>
  );
}
