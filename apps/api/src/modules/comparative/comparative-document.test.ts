import { describe, expect, it } from 'vitest';
import { mailCounts } from './comparative.service.js';
import { comparisonRow } from './comparative.test-fixtures.js';
import { carriedOf, changeTextOf } from './comparative-document.js';

const revision = () =>
  comparisonRow({
    respostaId: 'r1',
    nome: 'Maré Alta',
    email: 'pricing@mare.com',
    destino: 'Santos',
    fretes: [{ tipo: '40HC', valor: 2100, moeda: 'USD' }],
    taxas: [
      { nome: 'THC', valor: 1500, moeda: 'BRL', fonte: 'THC R$ 1.500 por contêiner' },
      { nome: 'BL FEE', valor: 80, moeda: 'USD', fonte: 'BL fee USD 80 per BL' },
    ],
    prazo: 33,
    freeTime: 21,
    validade: '2026-12-31',
    versao: 3,
  });

describe('what a revision carries, as the documents say it', () => {
  it('names each item under the version that stated it, as the screen does (QA pass 4: one version for all)', () => {
    const row = revision();
    row.destinoVersaoAnterior = 2;
    row.prazo = { ...row.prazo, versaoAnterior: 1 };
    row.taxas = row.taxas.map((taxa) => ({
      ...taxa,
      origem: 'versao_anterior',
      fonte: taxa.fonte && { ...taxa.fonte, origin: 'versao:1' },
    }));
    expect(carriedOf(row)).toBe(
      'Mantido da versão 2 (a revisão não repetiu): destino; da versão 1: transit time, taxas THC, BL FEE',
    );
  });

  it('names a freight price kept from the version before (QA pass 21: the 20DC was left out)', () => {
    const row = revision();
    row.fretes = [
      ...row.fretes,
      { ...row.fretes[0]!, tipo: '20DC', valor: 1050, versaoAnterior: 1, quantidade: 1 },
    ];
    row.taxas = row.taxas.map((taxa) => ({
      ...taxa,
      origem: 'versao_anterior',
      fonte: taxa.fonte && { ...taxa.fonte, origin: 'versao:1' },
    }));
    expect(carriedOf(row)).toBe('Mantido da versão 1 (a revisão não repetiu): frete 20DC, taxas THC, BL FEE');
  });

  it('says nothing for a first answer', () => {
    expect(carriedOf(revision())).toBe('');
  });

  it("a revision's change of total: '-1.573,68 vs v1' when cheaper, '+…' when dearer, nothing when equal", () => {
    const row = revision();
    row.variacao = { versaoAnterior: 1, custoTotalBRL: -1573.68, custoTotalUSD: -300, prazo: 0 };
    expect(changeTextOf(row, 'BRL')).toBe('-1.573,68 vs v1');
    expect(changeTextOf(row, 'USD')).toBe('-300,00 vs v1');
    row.variacao = { versaoAnterior: 2, custoTotalBRL: 250, custoTotalUSD: 0, prazo: 0 };
    expect(changeTextOf(row, 'BRL')).toBe('+250,00 vs v2');
    expect(changeTextOf(row, 'USD')).toBeNull();
  });
});

describe("the comparative e-mail's counts", () => {
  it('counts a carrier pricing two ports as one proposal, and a decline apart (QA pass 22: "4 propostas" for 3)', () => {
    const santos = revision();
    const itajai = { ...revision(), destino: 'Itajaí' };
    const other = { ...revision(), respostaId: 'r2' };
    const declined = { ...revision(), respostaId: 'r3', declinou: true };
    declined.transportador = { ...declined.transportador, nome: 'Rota Sul' };
    expect(mailCounts({ linhas: [santos, itajai, other, declined], respondidas: 3, total: 4 })).toEqual({
      linhas: 2,
      respondidas: 3,
      total: 4,
      declinaram: ['Rota Sul'],
      semResposta: [],
    });
  });
});
