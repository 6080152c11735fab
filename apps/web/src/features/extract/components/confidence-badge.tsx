import { ui } from '@cotacoes/shared/messages/ui';
import { Badge } from '@/components/ui/badge';

/** Spec 001: N/A when undefined, green at 0.8 or more, lighter green at 0.5 or more, red below. */
export function confidenceLevel(value: number | undefined | null): 'na' | 'high' | 'medium' | 'low' {
  if (value === undefined || value === null || Number.isNaN(value)) return 'na';
  if (value >= 0.8) return 'high';
  if (value >= 0.5) return 'medium';
  return 'low';
}

const styles = {
  na: 'bg-surface-muted text-fg-muted',
  high: 'bg-green-700 text-white',
  medium: 'bg-green-100 text-green-900 dark:bg-green-900/60 dark:text-green-100',
  low: 'bg-red-700 text-white',
};

export function ConfidenceBadge({ value }: { value: number | undefined | null }) {
  const level = confidenceLevel(value);
  return (
    <Badge className={styles[level]} title={ui.extract.confidence}>
      {level === 'na' ? ui.extract.confidenceNA : `${Math.round((value as number) * 100)}%`}
    </Badge>
  );
}
