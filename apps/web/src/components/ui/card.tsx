import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-xl border border-border bg-surface shadow-sm', className)}>{children}</div>
  );
}

/** A titled card section (h2 + optional description + body). */
export function CardSection({
  title,
  description,
  children,
  className,
  headingId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  headingId?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6', className)}
    >
      <h2 id={headingId} className="text-base font-semibold text-fg">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
