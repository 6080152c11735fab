import { describe, expect, it } from 'vitest';
import { decisionEmailMessages } from './decision-email.js';
import { emailMessages } from './email.js';
import { errorMessages } from './errors.js';
import { deadlineSummaryMessages } from './follow-up-email.js';
import { quoteDocumentMessages } from './quote-document.js';
import { fieldMessages, successMessages } from './success.js';
import { ui } from './ui.js';
import { comparativeDocumentMessages } from './ui-comparative.js';

/** The spec's own texts keep its spelling ('email'); every other text says 'e-mail'. */
const SPEC_VERBATIM = new Set([
  'Pelo menos um email deve ser fornecido',
  'Email é obrigatório',
  'Email inválido',
  'Buscar por nome ou email...',
  'Informe email e code',
  'Informe o seu email do Gmail no campo acima.',
  'Adicione pelo menos um email',
  'Emails inválidos: {list}',
  'Comparativo (Excel e PDF) enviado por email com sucesso!',
  'Histórico de Emails dos Transportadores',
  'Erro ao baixar anexos. Verifique se o email tem anexos.',
]);

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('message catalogue spelling', () => {
  it("writes 'e-mail', never 'email', outside the spec's verbatim texts", () => {
    const all = [
      decisionEmailMessages,
      emailMessages,
      errorMessages,
      quoteDocumentMessages,
      successMessages,
      fieldMessages,
      ui,
    ].flatMap(texts);
    const offending = all.filter(
      (text) => !SPEC_VERBATIM.has(text) && /(?<![-{\w])emails?\b(?!\})/i.test(text.replace(/\{\w+\}/g, '')),
    );
    expect(offending).toEqual([]);
  });

  it("names the fallback rate one way everywhere: 'taxa de contingência' (screen, PDF, Excel, e-mail)", () => {
    const all = [
      decisionEmailMessages,
      emailMessages,
      errorMessages,
      quoteDocumentMessages,
      comparativeDocumentMessages,
      deadlineSummaryMessages,
      ui,
    ].flatMap(texts);
    // QA pass 28: the deadline summary said "cotação fixa" where the approval e-mail said "contingência".
    expect(all.filter((text) => /taxa de (reserva|referência)|cotação fixa/i.test(text))).toEqual([]);
    expect(ui.decisions.comparison.rateFallbackLine).toMatch(/^Taxa de contingência: /);
    expect(comparativeDocumentMessages.fonteFallback).toMatch(/^Taxa de contingência /);
  });
});
