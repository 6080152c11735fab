import { cn } from '@/lib/cn';

/** One choice of a radio group drawn as a card: the whole card is the label, the focus ring shows on it. */
export function RadioCard({
  name,
  value,
  label,
  checked,
  onChoose,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked
          ? 'border-primary bg-primary-soft text-primary-soft-fg'
          : 'border-border hover:bg-surface-muted',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="h-4 w-4 accent-primary"
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}
