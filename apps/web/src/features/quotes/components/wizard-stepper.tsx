import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { CheckIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

const t = ui.quotes.wizard;

/**
 * The four steps (spec 001 §2 and §4): an earlier step is a button that goes back; the current one is
 * marked `aria-current="step"`; later ones are plain text and cannot be reached by click.
 */
export function WizardStepper({ step, onGoBack }: { step: number; onGoBack: (step: number) => void }) {
  return (
    <nav aria-label={t.stepsLabel}>
      <ol className="grid grid-cols-4 gap-2">
        {t.steps.map((label, index) => {
          const done = index < step;
          const current = index === step;
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                done && 'border-primary bg-primary text-primary-fg',
                current && 'border-primary bg-surface text-primary-soft-fg',
                !done && !current && 'border-border-strong bg-surface text-fg-muted',
              )}
            >
              {done ? <CheckIcon size={16} strokeWidth={3} /> : index + 1}
            </span>
          );
          const text = (
            <span
              className={cn(
                'sr-only text-sm font-medium sm:not-sr-only',
                current ? 'text-fg' : done ? 'text-primary-soft-fg' : 'text-fg-muted',
              )}
            >
              {label}
              <span className="sr-only">
                {done ? t.stepDoneSuffix : current ? t.stepCurrentSuffix : t.stepLockedSuffix}
              </span>
            </span>
          );
          return (
            <li key={label} className="min-w-0">
              {done ? (
                <button
                  type="button"
                  onClick={() => onGoBack(index)}
                  className="flex w-full items-center gap-2 rounded-lg p-1 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span aria-current={current ? 'step' : undefined} className="flex items-center gap-2 p-1">
                  {marker}
                  {text}
                </span>
              )}
              <span
                aria-hidden="true"
                className={cn('mt-1 block h-1 rounded-full', index <= step ? 'bg-primary' : 'bg-border')}
              />
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-sm text-fg-muted sm:hidden" aria-hidden="true">
        {formatMessage(t.stepOf, { step: step + 1, total: t.steps.length })} · {t.steps[step]}
      </p>
    </nav>
  );
}
