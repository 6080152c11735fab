import { ui } from '@cotacoes/shared/messages/ui';
import { METODOS_ENVIO, type MetodoEnvio } from '@cotacoes/shared/schemas/quotes';
import { useId } from 'react';
import { FileTextIcon, LayersIcon, MailIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import type { StepProps } from './step-props';

const t = ui.quotes.format;
const icons: Record<MetodoEnvio, typeof MailIcon> = { EMAIL: MailIcon, PDF: FileTextIcon, EXCEL: LayersIcon };

/** Step 1: Manual (e-mail description), PDF or Excel, as a radio group of cards. */
export function FormatStep({ draft, update }: StepProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="sr-only">{t.legend}</legend>
      <p className="mb-4 text-sm text-fg-muted">{t.intro}</p>
      <div className="grid gap-3 md:grid-cols-3">
        {METODOS_ENVIO.map((metodo) => {
          const Icon = icons[metodo];
          const option = t.options[metodo];
          const checked = draft.metodoEnvio === metodo;
          return (
            <label
              key={metodo}
              className={cn(
                'relative flex cursor-pointer gap-3 rounded-xl border-2 bg-surface p-4 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-primary-soft/40' : 'border-border hover:border-border-strong',
              )}
            >
              <input
                type="radio"
                name="metodoEnvio"
                value={metodo}
                checked={checked}
                onChange={() =>
                  update({
                    metodoEnvio: metodo,
                    // A file of the other format would not fit; the user picks a new one.
                    file: metodo === draft.metodoEnvio ? draft.file : null,
                  })
                }
                aria-labelledby={`${id}-${metodo}-label`}
                aria-describedby={`${id}-${metodo}-description`}
                className="mt-1 h-4 w-4 shrink-0 accent-primary focus:outline-none"
              />
              <span className="min-w-0">
                <span id={`${id}-${metodo}-label`} className="flex items-center gap-2 font-semibold text-fg">
                  <Icon size={18} className="text-primary-soft-fg" />
                  {option.label}
                </span>
                <span id={`${id}-${metodo}-description`} className="mt-1 block text-sm text-fg-muted">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
