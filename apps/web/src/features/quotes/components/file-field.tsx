import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type ReactNode, useId, useRef } from 'react';
import { FileTextIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatBytes } from './draft';

const t = ui.quotes.content.file;

/** A native file input (keyboard and screen reader friendly) with the chosen file and its error. */
export function FileField({
  label,
  hint,
  accept,
  file,
  error,
  required,
  onChange,
}: {
  label: ReactNode;
  hint: ReactNode;
  accept: string;
  file: File | null;
  error?: string;
  required?: boolean;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const describedBy = [`${id}-hint`, `${id}-status`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file can be picked again after a removal.
          event.target.value = '';
        }}
        className={cn(
          'block w-full cursor-pointer rounded-lg border bg-surface text-sm text-fg-muted shadow-sm',
          'file:mr-3 file:cursor-pointer file:border-0 file:bg-primary-soft file:px-4 file:py-2.5 file:text-sm file:font-medium file:text-primary-soft-fg',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          error ? 'border-danger' : 'border-border-strong',
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {hint}
      </p>
      <div id={`${id}-status`} aria-live="polite">
        {file && (
          <div
            data-rejected={error ? '' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm',
              error
                ? 'border-danger bg-danger-soft text-danger-soft-fg'
                : 'border-border bg-surface-muted text-fg',
            )}
          >
            <FileTextIcon size={16} className={cn('shrink-0', !error && 'text-fg-muted')} />
            <span className="min-w-0 flex-1 truncate">
              {formatMessage(error ? t.rejected : t.selected, {
                name: file.name,
                size: formatBytes(file.size),
              })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onChange(null);
                inputRef.current?.focus();
              }}
              aria-label={`${t.remove}: ${file.name}`}
            >
              <TrashIcon size={16} />
            </Button>
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-soft-fg">
          {error}
        </p>
      )}
    </div>
  );
}
