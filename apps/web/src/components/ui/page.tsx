import { ui } from '@cotacoes/shared/messages/ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Sets the document title ('… | Sistema de Cotações'); React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title}${ui.titleSuffix}`}</title>;
}

export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-6 flex flex-wrap items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
