import {
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
  useEffect,
  useRef,
  useState,
} from 'react';
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
  const scroller = useRef<HTMLDivElement>(null);
  const more = useScrollCue(scroller);
  return (
    <div className="relative">
      <div
        ref={scroller}
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
      {/* A shade on the side the table continues: on a phone, the columns past the edge are not lost. */}
      {more.start && (
        <div
          aria-hidden="true"
          data-scroll-cue="start"
          className="pointer-events-none absolute inset-y-px left-px w-6 rounded-l-xl bg-gradient-to-r from-fg/15 to-transparent"
        />
      )}
      {more.end && (
        <div
          aria-hidden="true"
          data-scroll-cue="end"
          className="pointer-events-none absolute inset-y-px right-px w-6 rounded-r-xl bg-gradient-to-l from-fg/15 to-transparent"
        />
      )}
    </div>
  );
}

/** Whether a sideways-scrolling box has more to show before (start) or after (end) what is visible. */
function useScrollCue(ref: { current: HTMLElement | null }): { start: boolean; end: boolean } {
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const start = hidden > 1 && box.scrollLeft > 1;
      const end = hidden > 1 && box.scrollLeft < hidden - 1;
      setMore((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resize?.observe(box);
    if (box.firstElementChild) resize?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [ref]);
  return more;
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
