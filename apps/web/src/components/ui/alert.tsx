import type { ReactNode } from 'react';
import { AlertTriangleIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const styles: Record<AlertVariant, string> = {
  info: 'border-primary/30 bg-primary-soft text-primary-soft-fg',
  success: 'border-success/30 bg-success-soft text-success-soft-fg',
  warning: 'border-amber-500/30 bg-warning-soft text-warning-soft-fg',
  error: 'border-danger/30 bg-danger-soft text-danger-soft-fg',
};

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: AlertTriangleIcon, error: XCircleIcon };

/** Form-level or page-level message; errors are announced at once (role=alert). */
export function Alert({
  variant = 'info',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const Icon = icons[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', styles[variant], className)}
    >
      <Icon size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
