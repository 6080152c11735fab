import { describe, expect, it } from 'vitest';
import { fixtureHeader, mixedComparison } from './comparative.test-fixtures.js';
import { sourceOf } from './comparative-document.js';
import { renderComparativeMail } from './comparative-mail.js';

const sender = { name: 'Ana Analista', email: 'ana@importadora.com.br' };
const counts = { linhas: 3, respondidas: 2, total: 3 };

describe('the comparative e-mail', () => {
  it('names the approved proposal once the quote has one (QA pass 4: it named only the cheapest)', () => {
    const comparison = mixedComparison();
    const chosen = comparison.linhas.find((row) => !row.destaque.menorCusto && row.precificada)!;
    chosen.status = 'aprovado';
    const mail = renderComparativeMail(sourceOf(comparison, fixtureHeader), counts, sender);
    const destino = chosen.destino ? ` (${chosen.destino})` : '';
    const total = chosen.custoTotalBRL.toLocaleString('pt-BR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(mail.text).toContain(`Proposta aprovada: ${chosen.transportador.nome}${destino}, R$ ${total}.`);
    // The approval comes before the highlights: it is what the reader needs first.
    expect(mail.text.indexOf('Proposta aprovada')).toBeLessThan(mail.text.indexOf('Menor custo total'));
    expect(mail.html).toContain('Proposta aprovada:');
  });

  it('says nothing of an approval before there is one', () => {
    const mail = renderComparativeMail(sourceOf(mixedComparison(), fixtureHeader), counts, sender);
    expect(mail.text).not.toContain('Proposta aprovada');
    expect(mail.text).toContain('Menor custo total:');
  });
});
