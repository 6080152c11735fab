import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Table primitives; the wrapper scrolls sideways on narrow screens instead of breaking the layout. */
export function Table({
  caption,
  children,
  className,
  scrollLabel,
  fixed,
}: {
  caption?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Column widths from the header cells: the table never grows past its container (cells wrap). */
  fixed?: boolean;
  /** Names the scrolling wrapper and makes it keyboard-reachable (a wide table of plain text). */
  scrollLabel?: string;
}) {
  return (
    <div
      className={cn(
        'overflow-x-auto rounded-xl border border-border bg-surface',
        scrollLabel && 'focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full border-collapse text-left text-sm', fixed && 'table-fixed')}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children, className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead
      className={cn(
        'bg-surface-muted text-xs font-semibold tracking-wide text-fg-muted uppercase',
        className,
      )}
      {...rest}
    >
      {children}
    </thead>
  );
}

export function TableBody({ children, className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <tbody className={cn('divide-y divide-border', className)} {...rest}>
      {children}
    </tbody>
  );
}

export function TableRow({ children, className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr className={cn('transition-colors hover:bg-surface-muted/60', className)} {...rest}>
      {children}
    </tr>
  );
}

export function TableHeaderCell({ children, className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={cn('px-4 py-3 whitespace-nowrap', className)} {...rest}>
      {children}
    </th>
  );
}

export function TableCell({ children, className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={cn('px-4 py-3 text-fg', className)} {...rest}>
      {children}
    </td>
  );
}

export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-fg-muted">
        {children}
      </td>
    </tr>
  );
}
