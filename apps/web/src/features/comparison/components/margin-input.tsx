import type { KeyboardEvent } from 'react';
import { Input, type InputProps } from '@/components/ui/input';
import { marginInputText, parseMargin } from './margin-text';

const MIN = 0;
const MAX = 100;
const STEPS: Record<string, number> = { ArrowUp: 0.1, ArrowDown: -0.1, PageUp: 1, PageDown: -1 };

export type MarginInputProps = Omit<InputProps, 'type' | 'value' | 'onChange' | 'role'> & {
  value: string;
  onValueChange(text: string): void;
};

/**
 * The exchange margin field (spec 001 §9: 0–100, step 0.1). A text field with a spin button's keys, not
 * `type="number"`: in a browser set to English a number field drops a typed comma, so '2,5' silently
 * became 25 %. Here '2,5' and '2.5' are both 2.5; arrow up/down step it by 0,1 and page up/down by 1
 * (Home and End still move the caret: it is a text the analyst edits).
 */
export function MarginInput({ value, onValueChange, onKeyDown, ...rest }: MarginInputProps) {
  const current = parseMargin(value);
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const by = STEPS[event.key];
    if (by === undefined) return;
    event.preventDefault();
    onValueChange(marginInputText(Math.min(MAX, Math.max(MIN, (current ?? 0) + by))));
  };
  return (
    <Input
      {...rest}
      type="text"
      role="spinbutton"
      inputMode="decimal"
      autoComplete="off"
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={current ?? undefined}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={step}
    />
  );
}
