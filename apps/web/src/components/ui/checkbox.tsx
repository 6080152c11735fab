import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible label; without it pass `aria-label`. */
  label?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const boxClasses =
  'h-4 w-4 shrink-0 cursor-pointer rounded border-border-strong accent-primary ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed';

/** Native checkbox in the primary colour, optionally wrapped in its label. */
export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  if (!label) return <input type="checkbox" className={cn(boxClasses, className)} {...rest} />;
  return (
    <label className={cn('inline-flex cursor-pointer items-center gap-2 text-sm text-fg', className)}>
      <input type="checkbox" className={boxClasses} {...rest} />
      {label}
    </label>
  );
}
