import { ui } from '@cotacoes/shared/messages/ui';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

export const fieldClasses =
  'block w-full rounded-lg border bg-surface px-3 text-sm text-fg shadow-sm transition-colors ' +
  'placeholder:text-fg-muted/80 focus:outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70';

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Extra errors, each on its own line (e.g. every password rule the value breaks). */
  errors?: readonly string[];
  children: ReactNode;
  className?: string;
  hideLabel?: boolean;
}

export function describedBy(
  id: string,
  { hint, error, errors }: Pick<FieldShellProps, 'hint' | 'error' | 'errors'>,
) {
  const ids = [hint ? `${id}-hint` : null, error || errors?.length ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, control, hint and error in one consistent layout. */
export function FieldShell({
  id,
  label,
  hint,
  error,
  errors,
  children,
  className,
  hideLabel,
}: FieldShellProps) {
  const messages = [...(error ? [error] : []), ...(errors ?? [])];
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className={cn('block text-sm font-medium text-fg', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      )}
      {messages.length > 0 && (
        <div id={`${id}-error`} className="space-y-0.5 text-sm text-danger-soft-fg">
          {messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are static per render
            <p key={index}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  errors?: readonly string[];
  id?: string;
  hideLabel?: boolean;
  containerClassName?: string;
  /** Rendered inside the field on the right (e.g. the show-password toggle). */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Input({
  label,
  hint,
  error,
  errors,
  id,
  hideLabel,
  className,
  containerClassName,
  endAdornment,
  'aria-describedby': extraDescribedBy,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const invalid = Boolean(error) || Boolean(errors?.length);
  return (
    <FieldShell
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      errors={errors}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={
            [describedBy(inputId, { hint, error, errors }), extraDescribedBy].filter(Boolean).join(' ') ||
            undefined
          }
          className={cn(
            fieldClasses,
            'h-10',
            invalid ? 'border-danger' : 'border-border-strong',
            endAdornment ? 'pr-11' : undefined,
            className,
          )}
          {...rest}
        />
        {endAdornment && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{endAdornment}</div>
        )}
      </div>
    </FieldShell>
  );
}

export type PasswordInputProps = Omit<InputProps, 'type' | 'endAdornment'>;

/** Password field with the show/hide toggle of the spec's login screen. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? ui.common.hidePassword : ui.common.showPassword}
          aria-pressed={visible}
          className="rounded-md p-2 text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}
