import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { MAX_PAGE_BUTTONS } from '../api/keys';

const t = ui.quotes.list;

/** At most `max` consecutive page numbers around the current page (spec 001 §9: 5 buttons). */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(max, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: size }, (_, index) => start + index);
}

/** 'Mostrando X a Y de N cotações', Anterior, up to 5 page buttons, Próximo. */
export function QuotesPagination({
  page,
  totalPages,
  total,
  pageSize,
  disabled,
  limited = false,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  disabled?: boolean;
  /** `total` is a lower bound (the server stops counting): 'de mais de N cotações'. */
  limited?: boolean;
  onPageChange: (page: number) => void;
}) {
  if (total <= 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {formatMessage(t.showing, {
          from,
          to,
          total: limited ? formatMessage(t.moreThan, { total }) : total,
        })}
      </p>
      {totalPages > 1 && (
        <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeftIcon size={16} />
            {t.previous}
          </Button>
          {pageWindow(page, totalPages).map((number) => (
            <Button
              key={number}
              variant={number === page ? 'primary' : 'ghost'}
              size="sm"
              className="min-w-8 px-2 tabular-nums"
              aria-label={formatMessage(t.page, { page: number })}
              aria-current={number === page ? 'page' : undefined}
              disabled={disabled}
              onClick={() => number !== page && onPageChange(number)}
            >
              {number}
            </Button>
          ))}
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            {t.next}
            <ChevronRightIcon size={16} />
          </Button>
        </nav>
      )}
    </div>
  );
}
