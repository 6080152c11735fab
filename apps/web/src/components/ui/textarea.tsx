import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';
import { describedBy, FieldShell, fieldClasses } from './input';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  hideLabel?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({
  label,
  hint,
  error,
  id,
  hideLabel,
  className,
  containerClassName,
  rows = 3,
  ...rest
}: TextareaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell
      id={fieldId}
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { hint, error })}
        className={cn(
          fieldClasses,
          'py-2 leading-relaxed',
          error ? 'border-danger' : 'border-border-strong',
          className,
        )}
        {...rest}
      />
    </FieldShell>
  );
}
