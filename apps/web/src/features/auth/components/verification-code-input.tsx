import { ui } from '@cotacoes/shared/messages/ui';
import type { Ref } from 'react';
import { Input } from '@/components/ui/input';
import { VERIFICATION_CODE_LENGTH } from '@/config/constants';

/** Keeps digits only and at most 6 of them (spec 5), also for pasted text like '123 456'. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export interface VerificationCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** How long the code is valid differs per flow (registration, password reset). */
  hint?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function VerificationCodeInput({
  value,
  onChange,
  error,
  hint = ui.verifyEmail.codeHint,
  disabled,
  ref,
}: VerificationCodeInputProps) {
  return (
    <Input
      ref={ref}
      label={ui.verifyEmail.codeLabel}
      hint={hint}
      error={error}
      name="code"
      value={value}
      onChange={(event) => onChange(sanitizeCode(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={VERIFICATION_CODE_LENGTH}
      disabled={disabled}
      placeholder="000000"
      className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
    />
  );
}
