import type { ComparisonRow } from '@cotacoes/shared';
import { describe, expect, it } from 'vitest';
import {
  agreedRowOf,
  agreedTerms,
  approvalMail,
  formatPercent,
  notSelectedMail,
  revisionMail,
} from './decision-mail.js';
import { percentAbove, totalOfRow } from './proposal-total.js';

const row = (respostaId: string, destino: string | null, custoTotalBRL: number, precificada = true) =>
  ({ respostaId, destino, custoTotalBRL, precificada }) as ComparisonRow;

describe('price feedback of a carrier not chosen', () => {
  it("takes the response's row for the approved destination (accents and case aside); none for another port", () => {
    const rows = [row('a', 'Santos', 17_000), row('a', 'Itapoá', 18_000), row('b', 'Paranaguá', 19_000)];
    expect(totalOfRow(rows, 'a', 'itapoa')).toBe(18_000);
    expect(totalOfRow(rows, 'a', 'Santos')).toBe(17_000);
    // QA pass 39: a carrier that priced another port only has no total to compare (it was told "13,5 %
    // acima" of its Santos price against the Itapoá approved).
    expect(totalOfRow(rows, 'b', 'Santos')).toBeNull();
    expect(totalOfRow(rows, 'a', null)).toBe(17_000);
    // An answer naming no port is its only row, whatever port was approved.
    expect(totalOfRow([row('c', null, 16_000)], 'c', 'Santos')).toBe(16_000);
  });

  it('a destination written differently finds the row the comparison shows for that place', () => {
    // The comparison names the place 'ITAJAÍ'; the approval may carry it as the proposal or the analyst wrote it.
    const rows = [
      row('a', 'Santos', 17_000),
      row('a', 'ITAJAÍ', 18_000),
      row('b', 'Porto de Itajaí (SC)', 21_000),
    ];
    const shown = rows.find((candidate) => candidate.respostaId === 'a' && candidate.destino === 'ITAJAÍ')!;
    for (const written of ['Itajai - SC', 'itajaí', 'Porto de Itajai', 'ITAJAI, BR']) {
      expect(totalOfRow(rows, 'a', written)).toBe(shown.custoTotalBRL);
      expect(agreedRowOf(rows, 'a', written)).toBe(shown);
    }
    expect(totalOfRow(rows, 'b', 'Itajai - SC')).toBe(21_000);
  });

  it("compares the carriers' own charges, without the importer's road estimate (QA pass 38)", () => {
    // Atlântico R$ 56.647,90 and Rota Sul R$ 52.453,95, each with road R$ 6.300: 8,0 % with the road cost,
    // 50.347,90 / 46.153,95 − 1 = 9,1 % on the carriers' charges, as their e-mails state their totals.
    const withRoad = (respostaId: string, total: number) =>
      ({ ...row(respostaId, 'Itapoá', total), custoRodoviario: 6_300 }) as ComparisonRow;
    const rows = [withRoad('atl', 56_647.9), withRoad('rota', 52_453.95)];
    const other = totalOfRow(rows, 'atl', 'Itapoá')!;
    const chosen = totalOfRow(rows, 'rota', 'Itapoá')!;
    expect([other, chosen]).toEqual([50_347.9, 46_153.95]);
    expect(percentAbove(other, chosen)).toBe(9.1);
  });

  it('no row or no total gives nothing to compare', () => {
    expect(totalOfRow([], 'a', 'Santos')).toBeNull();
    expect(totalOfRow([row('a', 'Santos', 0)], 'a', 'Santos')).toBeNull();
    // Fees and road cost without a freight price are no proposal to compare with.
    expect(totalOfRow([row('a', 'Santos', 3_300, false)], 'a', 'Santos')).toBeNull();
  });

  it('percent above the chosen total, one decimal; nothing when not above or unknown', () => {
    expect(percentAbove(11_360, 10_000)).toBe(13.6);
    expect(percentAbove(10_000, 10_000)).toBeNull();
    expect(percentAbove(9_000, 10_000)).toBeNull();
    expect(percentAbove(5_000, 0)).toBeNull();
    expect(formatPercent('pt', 13.6)).toBe('13,6%');
    expect(formatPercent('en', 13.6)).toBe('13.6%');
    expect(formatPercent('pt', 20)).toBe('20,0%');
  });
});

describe('decision e-mails', () => {
  const quote = {
    codigo: 'COT-2026-0042',
    referencia: 'IMP-015',
    tituloEmail: 'Cotação COT-2026-0042 - IMP-015',
  };
  const sender = { nome: 'Ana Souza', empresa: 'Importadora Sul' };

  it("a revision answers in the request's thread, in the quote's language, with the analyst's words escaped in HTML", () => {
    const pt = revisionMail('pt', quote, 'Sem free time <b>?</b>', sender);
    expect(pt.subject).toBe('Re: Cotação COT-2026-0042 - IMP-015');
    expect(pt.text).toContain('Sem free time <b>?</b>');
    expect(pt.html).toContain('Sem free time &lt;b&gt;?&lt;/b&gt;');
    expect(pt.text).toMatch(/^Prezados,/);
    expect(pt.text).toContain('Ana Souza\nImportadora Sul');
    const en = revisionMail('en', quote, '', sender);
    expect(en.text).toMatch(/^Dear partner,/);
    expect(en.text).toContain('review the rates and conditions');
  });

  it('the approval subject is the analyst’s when given; a not-selected notice names no other carrier', () => {
    expect(approvalMail('pt', quote, null, undefined, sender).subject).toBe('Cotação COT-2026-0042 aprovada');
    expect(approvalMail('en', quote, 'Santos', 'Booking', sender)).toMatchObject({
      subject: 'Booking',
      text: expect.stringContaining('Approved destination: Santos.'),
    });
    const notice = notSelectedMail('pt', quote, 13.6, sender);
    expect(notice.subject).toBe('Cotação COT-2026-0042: resultado');
    expect(notice.text).toContain('ficou 13,6% acima do custo da proposta escolhida');
    expect(notSelectedMail('pt', quote, null, sender).text).not.toContain('acima');
  });
});

describe("the agreed terms in the carrier's language", () => {
  const value = (valor: number | string | null, extra: object = {}) => ({
    valor,
    moeda: null,
    campo: null,
    fonte: null,
    confianca: null,
    corrigido: false,
    baixaConfianca: false,
    ...extra,
  });
  const agreed = {
    precificada: true,
    destino: 'Santos',
    fretes: [{ ...value(1380), tipo: '40HC', moeda: 'USD', quantidade: 3, valorTotal: 4140 }],
    taxas: [
      {
        ...value(1450),
        nome: 'THC',
        rotulo: 'THC',
        moeda: 'BRL',
        contabilizada: true,
        quantidade: 3,
        valorTotal: 4350,
      },
    ],
    valorUSD: 4140,
    valorBRL: 4350,
    prazo: value(32),
    freeTime: value(14),
    validade: value('2026-12-31'),
  } as unknown as ComparisonRow;
  const rate = {
    moeda: 'USD',
    ptax: 5.2,
    margem: 2.5,
    taxa: 5.33,
    fonte: 'ptax',
    dataCotacao: '2026-12-04',
  } as const;

  it("an English e-mail reads 'US$ 1,380.00' (QA pass 4: it read 'US$ 1.380,00'), a Portuguese one 'US$ 1.380,00'", () => {
    const en = agreedTerms('en', agreed, rate)!;
    expect(en).toContain('3 × US$ 1,380.00 = US$ 4,140.00');
    expect(en).toContain('3 × R$ 1,450.00 = R$ 4,350.00');
    // 4.140 × 5,33 + 4.350 = 22.066,20 + 4.350 = R$ 26.416,20.
    expect(en).toContain('R$ 26,416.20');
    expect(en).toContain('5.3300');
    const pt = agreedTerms('pt', agreed, rate)!;
    expect(pt).toContain('3 × US$ 1.380,00 = US$ 4.140,00');
    expect(pt).toContain('R$ 26.416,20');
    expect(pt).toContain('5,3300');
  });

  it("names the quote's port when the answer named none: the carrier reads which port it agreed to", () => {
    const unnamed = { ...agreed, destino: null, destinoDaCotacao: 'Navegantes' } as ComparisonRow;
    expect(agreedTerms('pt', unnamed, rate)).toContain('Destino: Navegantes');
    const several = { ...agreed, destino: null } as ComparisonRow;
    expect(agreedTerms('pt', several, rate)).not.toContain('Destino:');
  });

  it('states the route, incoterm and shipping line the booking is made on (QA pass 38: the carrier read figures only)', () => {
    const quote = { origem: 'Ningbo ou Shanghai, China', incoterm: 'FOB' };
    const withLine = {
      ...agreed,
      armador: 'MSC',
      origemContada: { origem: 'Shanghai', outras: ['Ningbo'] },
    } as ComparisonRow;
    const pt = agreedTerms('pt', withLine, rate, quote)!.split('\n');
    // The origin counted for this offer (of the two asked), before the destination.
    expect(pt.slice(0, 5)).toEqual([
      'Condições aprovadas:',
      'Origem: Shanghai',
      `Destino: ${agreed.destino}`,
      'Incoterm: FOB',
      'Armador: MSC',
    ]);
    const en = agreedTerms('en', { ...agreed, armador: null } as ComparisonRow, rate, quote)!;
    expect(en).toContain('Origin: Ningbo ou Shanghai, China');
    expect(en).toContain('Incoterm: FOB');
    expect(en).not.toContain('Shipping line');
    // A PDF/Excel quote without typed fields: no empty lines.
    expect(agreedTerms('pt', agreed, rate, { origem: null, incoterm: ' ' })).not.toMatch(/Origem|Incoterm/);
  });
});
