import { z } from 'zod';

// Built-in validation messages in Portuguese for every schema of the product (API and web).
z.config(z.locales.ptBR());

/**
 * Sizes said as a person would (QA pass 42b: "Grande demais: esperava que o vetor tivesse <= 200 elementos"
 * reached API callers): text, lists and numbers get plain pt-BR; anything else keeps the locale's message. A schema's
 * own message still wins over these.
 */
export function sizeMessage(issue: {
  code?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
}): string | undefined {
  const number = (value: unknown) => String(value).replace('.', ',');
  if (issue.code === 'too_big' && issue.origin === 'number')
    return issue.inclusive === false
      ? `Informe um valor menor que ${number(issue.maximum)}.`
      : `Informe um valor de no máximo ${number(issue.maximum)}.`;
  if (issue.code === 'too_small' && issue.origin === 'number')
    return issue.inclusive === false
      ? `Informe um valor maior que ${number(issue.minimum)}.`
      : `Informe um valor de no mínimo ${number(issue.minimum)}.`;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `Use no máximo ${String(issue.maximum)} caracteres.`;
  if (issue.code === 'too_big' && issue.origin === 'array')
    return `Itens demais: no máximo ${String(issue.maximum)}.`;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return 'Preencha este campo.';
  if (issue.code === 'too_small' && issue.origin === 'array')
    return `Informe ao menos ${String(issue.minimum)} ${Number(issue.minimum) === 1 ? 'item' : 'itens'}.`;
  return undefined;
}

z.config({ customError: (issue) => sizeMessage(issue) });
