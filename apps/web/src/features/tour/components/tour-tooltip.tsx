import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useId } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import { XIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The tour's tooltip in the design system (both themes): step and progress, title, text, and the spec's
 * buttons. Joyride traps the focus inside it and puts it on the primary button; Esc closes the tour. It is
 * the alert dialog Joyride's own tooltip is (its `tooltipProps`), named by its title.
 */
export function TourTooltip({
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  index,
  size,
  isLastStep,
  step,
}: TooltipRenderProps) {
  const titleId = useId();
  const textId = useId();
  const progress = formatMessage(ui.tour.progress, { step: index + 1, steps: size });
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="tour-tooltip"
      className="w-[min(92vw,26rem)] rounded-xl border border-border bg-surface p-5 text-fg shadow-2xl"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-primary-soft-fg uppercase">{progress}</p>
        <button
          {...closeProps}
          type="button"
          className="-m-2 rounded-md p-2 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon size={18} />
        </button>
      </div>
      <div className="mt-2 h-1 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${((index + 1) / size) * 100}%` }} />
      </div>
      <h2 id={titleId} className="mt-4 text-lg font-semibold text-fg">
        {step.title}
      </h2>
      <div id={textId} className="mt-2 text-sm leading-relaxed text-fg-muted">
        {step.content}
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-2">
        {!isLastStep && (
          <button {...skipProps} type="button" className={buttonClasses({ variant: 'ghost', size: 'sm' })} />
        )}
        <span className="flex-1" />
        {index > 0 && (
          <button
            {...backProps}
            type="button"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          />
        )}
        <button {...primaryProps} type="button" className={cn(buttonClasses({ size: 'sm' }))} />
      </div>
    </div>
  );
}
