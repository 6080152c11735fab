import { ui } from '@cotacoes/shared/messages/ui';
import { type ReactNode, useEffect } from 'react';
import { cn } from '@/lib/cn';

/**
 * Sets the document title ('… | Sistema de Cotações'). An effect rather than React 19's <title>: the
 * static <title> of index.html comes first in <head> and would win over a hoisted one.
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title}${ui.titleSuffix}`;
  }, [title]);
  return null;
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
