import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { ChevronDownIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { describedBy, FieldShell, fieldClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  hideLabel?: boolean;
  placeholder?: string;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** Native select (best keyboard and mobile behaviour) with the design-system look. */
export function Select({
  label,
  options,
  hint,
  error,
  id,
  hideLabel,
  placeholder,
  className,
  containerClassName,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell
      id={selectId}
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, { hint, error })}
          className={cn(
            fieldClasses,
            'h-10 appearance-none pr-9',
            error ? 'border-danger' : 'border-border-strong',
            className,
          )}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-fg-muted"
        />
      </div>
    </FieldShell>
  );
}
