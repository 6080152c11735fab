import { formatCnpj } from '@cotacoes/shared/rules/cnpj';
import { Input, type InputProps } from './input';

export interface CnpjInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  /** Receives the masked value (XX.XXX.XXX/XXXX-DD); letters are upper-cased for the alphanumeric CNPJ. */
  onValueChange: (value: string) => void;
}

/** CNPJ field with the usual mask, for the numeric and the alphanumeric CNPJ (12 [0-9A-Z] + 2 digits). */
export function CnpjInput({ value, onValueChange, ...rest }: CnpjInputProps) {
  return (
    <Input
      {...rest}
      type="text"
      inputMode="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={18}
      value={value}
      onChange={(event) => onValueChange(formatCnpj(event.target.value))}
    />
  );
}
