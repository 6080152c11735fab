import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon, XIcon } from '@/components/icons';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';
import type { SelectOption } from './select';

/** Chips shown before '+N mais' (spec 9). */
export const MULTI_SELECT_MAX_CHIPS = 3;

export interface MultiSelectProps {
  label: ReactNode;
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** Listbox with checkboxes; at most 3 chips then '+N mais'; 'N opções selecionadas' past one choice. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder = ui.ui.multiSelectPlaceholder,
  hint,
  error,
  disabled,
  className,
}: MultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.filter((option) => value.includes(option.value));
  const hidden = selected.length - MULTI_SELECT_MAX_CHIPS;

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const closeOnOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    return () => document.removeEventListener('mousedown', closeOnOutside);
  }, [open]);

  function toggle(optionValue: string) {
    onChange(value.includes(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function toggleActive() {
    const option = options[active];
    if (option && !option.disabled) toggle(option.value);
  }

  function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => Math.min(last, index + 1));
        break;
      case 'ArrowUp':
        setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        toggleActive();
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  const summary =
    selected.length === 0
      ? placeholder
      : selected.length === 1
        ? selected[0]?.label
        : formatMessage(ui.ui.multiSelectCount, { count: selected.length });

  return (
    <div ref={rootRef} className={cn('space-y-1.5', className)}>
      <span id={`${id}-label`} className="block text-sm font-medium text-fg">
        {label}
      </span>
      <div className="relative">
        <button
          ref={buttonRef}
          id={`${id}-button`}
          type="button"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? `${id}-list` : undefined}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={
            [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined
          }
          onClick={() => setOpen((value) => !value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !open) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={cn(
            fieldClasses,
            'flex h-10 items-center justify-between text-left',
            error ? 'border-danger' : 'border-border-strong',
            selected.length === 0 && 'text-fg-muted',
          )}
        >
          <span className="truncate">{summary}</span>
          <ChevronDownIcon size={16} className={cn('shrink-0 transition-transform', open && 'rotate-180')} />
        </button>
        {open && (
          <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-lg border border-border bg-surface shadow-lg">
            {options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-fg-muted">{ui.ui.multiSelectEmpty}</p>
            ) : (
              <div
                ref={listRef}
                id={`${id}-list`}
                role="listbox"
                aria-multiselectable="true"
                aria-labelledby={`${id}-label`}
                aria-activedescendant={`${id}-option-${active}`}
                tabIndex={-1}
                onKeyDown={onListKeyDown}
                className="max-h-60 overflow-auto py-1 focus:outline-none"
              >
                {options.map((option, index) => {
                  const isSelected = value.includes(option.value);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns keyboard handling (aria-activedescendant)
                    <div
                      key={option.value}
                      tabIndex={-1}
                      id={`${id}-option-${index}`}
                      role="option"
                      aria-selected={isSelected}
                      aria-disabled={option.disabled || undefined}
                      onClick={() => !option.disabled && toggle(option.value)}
                      onMouseEnter={() => setActive(index)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-fg',
                        index === active && 'bg-surface-muted',
                        option.disabled && 'cursor-not-allowed opacity-60',
                      )}
                    >
                      <span
                        className={cn(
                          'flex h-4 w-4 shrink-0 items-center justify-center rounded border',
                          isSelected ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong',
                        )}
                      >
                        {isSelected && <CheckIcon size={12} strokeWidth={3} />}
                      </span>
                      {option.label}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        )}
      </div>
      {selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5">
          {selected.slice(0, MULTI_SELECT_MAX_CHIPS).map((option) => (
            <span
              key={option.value}
              className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-primary-soft-fg"
            >
              {option.label}
              <button
                type="button"
                disabled={disabled}
                onClick={() => toggle(option.value)}
                aria-label={formatMessage(ui.ui.multiSelectRemove, { label: option.label })}
                className="rounded-full p-0.5 hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <XIcon size={12} />
              </button>
            </span>
          ))}
          {hidden > 0 && (
            <span className="text-xs font-medium text-fg-muted">
              {formatMessage(ui.ui.multiSelectMore, { count: hidden })}
            </span>
          )}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-soft-fg">
          {error}
        </p>
      )}
    </div>
  );
}
