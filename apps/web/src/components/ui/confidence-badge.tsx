import { ui } from '@cotacoes/shared/messages/ui';

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
  medium: 'bg-green-100 text-green-900 dark:bg-green-800 dark:text-green-50',
  low: 'bg-red-700 text-white',
};

export function ConfidenceBadge({ value }: { value: number | undefined | null }) {
  const level = confidenceLevel(value);
  return (
    // Own span rather than Badge: the level colours must not compete with a variant's background.
    <span
      title={ui.extract.confidence}
      data-level={level}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${styles[level]}`}
    >
      {level === 'na' ? ui.extract.confidenceNA : `${Math.round((value as number) * 100)}%`}
    </span>
  );
}
