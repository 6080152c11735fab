import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import { describe, expect, it } from 'vitest';
import { comparisonRow, fixtureRate } from '../modules/comparative/comparative.test-fixtures.js';
import { deadlineSummaryMail, summaryFigures } from './follow-up-mail.js';

/*
 * The deadline summary names the cheapest as the comparison marks it: an incomplete proposal that is the
 * cheapest by its estimate (`menorCustoEstimado`) is said to be so, with what it lacks and how it was
 * completed, never as a plain "Menor custo total".
 */

describe('deadline summary: the cheapest by its estimate', () => {
  it('says "(estimado)", what it lacks and the charges added at whose price', () => {
    // USD 351 × 5,2515 = 1.843,28 + R$ 946 → R$ 2.789,28; + BL fee of Atlântico Cargas R$ 315,09.
    const row: ComparisonRow = {
      ...comparisonRow({
        respostaId: 'pac',
        nome: 'Pacífico Logística',
        email: 'lcl@pacifico.com.br',
        destino: null,
        fretes: [{ tipo: 'WM', valor: 351, moeda: 'USD' }],
        taxas: [{ nome: 'THC', valor: 946, moeda: 'BRL' }],
        prazo: 36,
        freeTime: null,
        validade: null,
      }),
      taxasAusentes: ['BL FEE'],
      destaque: { menorCusto: true, menorPrazo: false },
      menorCustoEstimado: {
        totalBRL: 3104.37,
        taxas: [{ nome: 'BL FEE', valorBRL: 315.09, transportador: 'Atlântico Cargas' }],
      },
    };
    expect(row.custoTotalBRL).toBe(2789.28);
    const comparison: Comparison = {
      cotacaoId: 'q',
      taxa: fixtureRate,
      linhas: [row],
      respondidas: 1,
      total: 1,
      pendentes: [],
    };
    const figures = summaryFigures(comparison, { respondidas: 1, total: 1 });
    const mail = deadlineSummaryMail(
      { codigo: 'COT-2025-0042', referencia: 'IMP-1', prazoResposta: new Date('2025-03-20T18:00:00Z') },
      'Mariana',
      figures,
      'https://cotacoes.example/quotes/q',
    );
    expect(mail.text.replace(/\s/g, ' ')).toContain(
      'Menor custo total (estimado): R$ 2.789,28 (US$ 531,14) sem BL FEE — Pacífico Logística. Estimado em R$ 3.104,37, completando com BL FEE de Atlântico Cargas (R$ 315,09).',
    );
    expect(mail.text).not.toContain('Menor custo total: ');
  });
});
