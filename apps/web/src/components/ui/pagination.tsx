import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** Previous / next with 'Página X de Y'; hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = ui.ui.pagination,
  disabled,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon size={16} />
        {ui.ui.previousPage}
      </Button>
      <span className="text-sm text-fg-muted" aria-live="polite">
        {formatMessage(ui.ui.pageOf, { page, pages: totalPages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        {ui.ui.nextPage}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}
