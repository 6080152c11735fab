import { ui } from '@cotacoes/shared/messages/ui';
import { useId } from 'react';

const t = ui.management;

/** Ativo / Inativo as a radio pair (spec 4, edit modals). */
export function StatusRadio({
  value,
  onChange,
  disabled,
}: {
  value: boolean;
  onChange: (ativo: boolean) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const options = [
    { ativo: true, label: t.active },
    { ativo: false, label: t.inactive },
  ];
  return (
    <fieldset disabled={disabled} className="space-y-1.5">
      <legend className="text-sm font-medium text-fg">{t.statusLegend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.label} className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={name}
              checked={value === option.ativo}
              onChange={() => onChange(option.ativo)}
              className="h-4 w-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
