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
  // "5.000 caracteres", as the product writes every number (QA pass 43b: "5000").
  const count = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? value.toLocaleString('pt-BR') : String(value);
  if (issue.code === 'too_big' && issue.origin === 'number')
    return issue.inclusive === false
      ? `Informe um valor menor que ${number(issue.maximum)}.`
      : `Informe um valor de no máximo ${number(issue.maximum)}.`;
  if (issue.code === 'too_small' && issue.origin === 'number')
    return issue.inclusive === false
      ? `Informe um valor maior que ${number(issue.minimum)}.`
      : `Informe um valor de no mínimo ${number(issue.minimum)}.`;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `Use no máximo ${count(issue.maximum)} caracteres.`;
  if (issue.code === 'too_big' && issue.origin === 'array')
    return `Itens demais: no máximo ${count(issue.maximum)}.`;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return 'Preencha este campo.';
  if (issue.code === 'too_small' && issue.origin === 'array')
    return `Informe ao menos ${count(issue.minimum)} ${Number(issue.minimum) === 1 ? 'item' : 'itens'}.`;
  return undefined;
}
