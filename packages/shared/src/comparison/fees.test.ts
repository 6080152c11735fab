import { describe, expect, it } from 'vitest';
import { feeCurrency } from './currency.js';
import { toNumber } from './decimal.js';
import {
  evaluateFees,
  type FeeLineInput,
  feeLineValue,
  isConditionalLine,
  isIofLine,
  isTotalLine,
} from './fees.js';

const fee = (
  nome: string,
  valor: number | null,
  moeda = 'USD',
  destino: string | null = null,
): FeeLineInput => ({
  nome,
  rotulo: nome,
  destino,
  valor,
  moeda,
});
const single = { destino: null, destinos: [] };
const sums = (lines: FeeLineInput[], scope: { destino: string | null; destinos: string[] } = single) => {
  const { porMoeda } = evaluateFees(lines, scope);
  return { USD: toNumber(porMoeda.USD), BRL: toNumber(porMoeda.BRL) };
};
const reasons = (lines: FeeLineInput[], scope: { destino: string | null; destinos: string[] } = single) =>
  evaluateFees(lines, scope).decisions.map((decision) => decision.motivo);

describe('spec 001 §5 fee calculation rules', () => {
  describe('"A fee line whose name contains TOTAL counts as 0 (ignored)"', () => {
    it.each(['TOTAL', 'Total', 'Subtotal', 'TOTAL LOCAL CHARGES', 'Valor total'])('%s', (nome) => {
      expect(isTotalLine(fee(nome, 1))).toBe(true);
      expect(sums([fee('THC', 150), fee(nome, 1000)])).toEqual({ USD: 150, BRL: 0 });
      expect(reasons([fee('THC', 150), fee(nome, 1000)])).toEqual([null, 'total']);
    });

    it('reads the printed label too (canonical name THC, label "Total THC")', () => {
      expect(isTotalLine({ nome: 'THC', rotulo: 'Total THC' })).toBe(true);
      expect(isTotalLine(fee('THC', 1))).toBe(false);
    });
  });

  describe('"The value is read from total, else value, else unit value"', () => {
    it('takes valor_total first', () => {
      expect(feeLineValue({ valor_total: 300, valor: 150, valor_unitario: 75 })).toBe(300);
    });
    it('then valor', () => {
      expect(feeLineValue({ valor_total: null, valor: 150, valor_unitario: 75 })).toBe(150);
    });
    it('then valor_unitario', () => {
      expect(feeLineValue({ valor_unitario: 75 })).toBe(75);
    });
    it('a line without any value is left out', () => {
      expect(feeLineValue({ nome: 'Armazenagem' })).toBeNull();
      expect(reasons([{ nome: 'Armazenagem', moeda: 'BRL' }])).toEqual(['semValor']);
    });
    it('the value read is the one summed', () => {
      expect(sums([{ nome: 'THC', moeda: 'USD', valor_total: 300, valor: 150 }])).toEqual({
        USD: 300,
        BRL: 0,
      });
    });
  });

  describe('"Per fee key (destination, name, currency) take the maximum, then sum per currency"', () => {
    it('keeps the maximum of repeated keys and sums the rest per currency', () => {
      const lines = [
        fee('ETS', 22, 'USD'),
        fee('ETS', 44, 'USD'),
        fee('ETS', 44, 'USD'),
        fee('THC', 1550, 'BRL'),
        fee('ISPS', 115, 'BRL'),
      ];
      expect(sums(lines)).toEqual({ USD: 44, BRL: 1665 });
      expect(reasons(lines)).toEqual(['duplicada', null, 'duplicada', null, null]);
    });

    it("a release named like the BL's fee ('Liberação de BL' is BL FEE) is another charge, a repeated label is not", () => {
      const release = { ...fee('BL FEE', 45, 'USD'), rotulo: 'Liberação de BL' };
      const blFee = { ...fee('BL FEE', 60, 'USD'), rotulo: 'BL fee' };
      expect(sums([blFee, release])).toEqual({ USD: 105, BRL: 0 });
      expect(reasons([blFee, release])).toEqual([null, null]);
      // The same release written twice (table and summary): once, the higher.
      expect(sums([release, { ...release, valor: 40 }, blFee])).toEqual({ USD: 105, BRL: 0 });
      expect(sums([{ ...fee('BL FEE', 50, 'USD'), rotulo: 'BL release fee' }, blFee])).toEqual({
        USD: 110,
        BRL: 0,
      });
      // A charge whose own name is a release is not split from itself.
      const telex = { ...fee('TELEX RELEASE', 35, 'USD'), rotulo: 'Telex release' };
      expect(sums([telex, { ...telex, valor: 30 }])).toEqual({ USD: 35, BRL: 0 });
    });

    it('the same name in another currency is another key', () => {
      expect(sums([fee('BL FEE', 85, 'USD'), fee('BL FEE', 390, 'BRL')])).toEqual({ USD: 85, BRL: 390 });
    });

    it('the same name for another destination is another key (answer without a destination row)', () => {
      const lines = [
        fee('THC', 1650, 'BRL', 'Santos'),
        fee('THC', 1540, 'BRL', 'Paranaguá'),
        fee('THC', 100, 'BRL'),
      ];
      expect(sums(lines)).toEqual({ USD: 0, BRL: 3290 });
    });

    it('names compare without case and accents', () => {
      expect(sums([fee('Liberação', 95), fee('LIBERACAO', 120)])).toEqual({ USD: 120, BRL: 0 });
    });
  });

  describe('"Per destination, the fee takes the maximum per name and currency, then sums by currency"', () => {
    const lines = [
      fee('BAF', 210, 'USD'),
      fee('THC', 1650, 'BRL', 'Santos'),
      fee('THC', 1540, 'BRL', 'Paranaguá'),
      fee('THC', 1480, 'BRL', 'Itapoá'),
      fee('BL FEE', 85, 'USD'),
    ];
    const destinos = ['Santos', 'Paranaguá', 'Itapoá'];

    it('a destination row sums its own lines and those without a destination', () => {
      expect(sums(lines, { destino: 'Santos', destinos })).toEqual({ USD: 295, BRL: 1650 });
      expect(sums(lines, { destino: 'Itapoá', destinos })).toEqual({ USD: 295, BRL: 1480 });
      expect(reasons(lines, { destino: 'Paranaguá', destinos })).toEqual([
        null,
        'outroDestino',
        null,
        'outroDestino',
        null,
      ]);
    });

    it("a destination's line and a general line of the same name compete: the maximum counts", () => {
      const mixed = [
        fee('THC', 1400, 'BRL'),
        fee('THC', 1650, 'BRL', 'Santos'),
        fee('THC', 1540, 'BRL', 'Paranaguá'),
      ];
      expect(sums(mixed, { destino: 'Santos', destinos: ['Santos', 'Paranaguá'] })).toEqual({
        USD: 0,
        BRL: 1650,
      });
      expect(reasons(mixed, { destino: 'Santos', destinos: ['Santos', 'Paranaguá'] })).toEqual([
        'duplicada',
        null,
        'outroDestino',
      ]);
    });

    it('destinations match without case, accents or a state suffix', () => {
      expect(
        sums([fee('THC', 1480, 'BRL', 'ITAPOA')], { destino: 'Itapoá', destinos: ['Itapoá', 'Santos'] }),
      ).toEqual({
        USD: 0,
        BRL: 1480,
      });
      expect(
        sums([fee('THC', 10, 'BRL', 'Itajaí (SC)')], { destino: 'Itajai', destinos: ['Itajai', 'Santos'] }),
      ).toEqual({
        USD: 0,
        BRL: 10,
      });
    });
  });

  describe('"IOF-type fee lines are accepted only if the value is below 1000"', () => {
    it.each([
      [999.99, 999.99],
      [1000, 0],
      [1500, 0],
    ])('IOF of %d counts %d', (valor, counted) => {
      expect(sums([fee('IOF', valor, 'BRL')])).toEqual({ USD: 0, BRL: counted });
    });

    it('recognises IOF inside a longer name, not inside another word', () => {
      expect(isIofLine(fee('IOF sobre câmbio', 1))).toBe(true);
      expect(isIofLine(fee('Taxa IOF', 1))).toBe(true);
      expect(isIofLine(fee('PORTIOFEE', 1))).toBe(false);
      expect(reasons([fee('IOF sobre câmbio', 2500, 'BRL')])).toEqual(['iof']);
    });
  });

  describe(`"Currency '$' or 'USD' means USD; 'R$' or 'BRL' means BRL"`, () => {
    it.each([
      ['$', 'USD'],
      ['USD', 'USD'],
      ['usd', 'USD'],
      ['US$', 'USD'],
      ['R$', 'BRL'],
      ['BRL', 'BRL'],
      [' brl ', 'BRL'],
    ])('%s → %s', (moeda, expected) => {
      expect(feeCurrency(moeda)).toBe(expected);
    });

    it('EUR is summed only with a euro rate (`somaEuro`); other currencies are shown, never summed', () => {
      expect(feeCurrency('EUR')).toBe('EUR');
      expect(feeCurrency('€')).toBe('EUR');
      expect(feeCurrency('CNY')).toBeNull();
      expect(feeCurrency(null)).toBeNull();
      const lines = [
        fee('ETS', 44, 'EUR'),
        fee('THC', 100, '$'),
        fee('BL', 200, 'R$'),
        fee('DOC', 30, 'GBP'),
      ];
      expect(sums(lines)).toEqual({ USD: 100, BRL: 200 });
      expect(reasons(lines)).toEqual(['moeda', null, null, 'moeda']);
      const withEuro = evaluateFees(lines, { ...single, somaEuro: true });
      expect(toNumber(withEuro.porMoeda.EUR)).toBe(44);
      expect(withEuro.decisions.map((decision) => decision.motivo)).toEqual([null, null, null, 'moeda']);
      expect(toNumber(evaluateFees(lines, single).porMoeda.EUR)).toBe(0);
    });
  });

  describe(`"Rows with destination '—' are skipped when there are multiple destinations"`, () => {
    const lines = [fee('THC', 150, 'USD', '—'), fee('BL FEE', 50, 'USD')];

    it('skipped with several destinations', () => {
      expect(sums(lines, { destino: 'Santos', destinos: ['Santos', 'Paranaguá'] })).toEqual({
        USD: 50,
        BRL: 0,
      });
      expect(reasons(lines, { destino: 'Santos', destinos: ['Santos', 'Paranaguá'] })).toEqual([
        'semDestino',
        null,
      ]);
    });

    it('counted with a single destination or none', () => {
      expect(sums(lines, { destino: 'Santos', destinos: ['Santos'] })).toEqual({ USD: 200, BRL: 0 });
      expect(sums(lines, single)).toEqual({ USD: 200, BRL: 0 });
    });

    it('dash look-alikes are the same marker', () => {
      for (const destino of ['-', '–', ' — '])
        expect(reasons([fee('THC', 1, 'USD', destino)], { destino: 'A', destinos: ['Aaa', 'Bbb'] })).toEqual([
          'semDestino',
        ]);
    });
  });

  it('sums in decimal: 0.1 + 0.2 of fees is 0.3', () => {
    expect(sums([fee('A', 0.1), fee('B', 0.2)])).toEqual({ USD: 0.3, BRL: 0 });
  });
});

describe('a fee quoted per container type (exploratory QA, 2026-12-05)', () => {
  const medidas = (conteineresPorTipo: { tipo: string; quantidade: number }[]) => ({
    modal: 'FCL',
    conteineres: conteineresPorTipo.reduce((sum, ask) => sum + ask.quantidade, 0) || 4,
    conteineresPorTipo,
    pesoKg: null,
    volumeM3: null,
    valorMercadoria: null,
  });
  const perType = (equipamento: string, valor: number): FeeLineInput => ({
    nome: 'THC',
    rotulo: 'THC',
    valor,
    moeda: 'BRL',
    unidade: 'CNTR',
    equipamento,
  });
  const lines = [perType('20DC', 1100), perType('40HC', 1450)];

  it("counts each price for the quote's containers of its type (20DV is a 20DC)", () => {
    const { decisions, porMoeda } = evaluateFees(lines, {
      destino: null,
      destinos: [],
      medidas: medidas([
        { tipo: '40HC', quantidade: 3 },
        { tipo: '20DC', quantidade: 1 },
      ]),
    });
    expect(decisions.map((d) => [d.contabilizada, d.total === null ? null : toNumber(d.total)])).toEqual([
      [true, 1100],
      [true, 4350],
    ]);
    expect(toNumber(porMoeda.BRL)).toBe(5450);
  });

  it("a price for a size (a spreadsheet's 40' column) counts every container of that size", () => {
    // 2 × 40HC + 1 × 20DV: 2 × 1.450 + 1 × 1.100 = R$ 4.000,00 (the QA pass counted 3 × 1.450 = 4.350).
    const { decisions, porMoeda } = evaluateFees([perType('20DC', 1100), perType("40'", 1450)], {
      destino: null,
      destinos: [],
      medidas: medidas([
        { tipo: '40HC', quantidade: 2 },
        { tipo: '20DC', quantidade: 1 },
      ]),
    });
    expect(decisions.map((d) => [d.contabilizada, d.total === null ? null : toNumber(d.total)])).toEqual([
      [true, 1100],
      [true, 2900],
    ]);
    expect(toNumber(porMoeda.BRL)).toBe(4000);
  });

  it('a type the quote does not ask counts nothing and says why', () => {
    const { decisions } = evaluateFees(lines, {
      destino: null,
      destinos: [],
      medidas: medidas([{ tipo: '40HC', quantidade: 2 }]),
    });
    expect(decisions.map((d) => d.motivo)).toEqual(['outroConteiner', null]);
  });

  it("without the quote's types every container counts once, at the highest price (as before)", () => {
    const { decisions, porMoeda } = evaluateFees(lines, {
      destino: null,
      destinos: [],
      medidas: medidas([]),
    });
    expect(decisions.map((d) => d.motivo)).toEqual(['duplicada', null]);
    expect(toNumber(porMoeda.BRL)).toBe(4 * 1450);
  });

  describe("a per-BL fee with an amount per type ('BL fee USD 50 (20') / USD 60 (40')')", () => {
    const perBl = (equipamento: string, valor: number): FeeLineInput => ({
      nome: 'BL FEE',
      rotulo: 'BL fee',
      valor,
      moeda: 'USD',
      unidade: 'BL',
      equipamento,
    });
    const bl = [perBl('20DC', 50), perBl("40'", 60)];
    const counted = (medidasPorTipo: { tipo: string; quantidade: number }[]) => {
      const { decisions, porMoeda } = evaluateFees(bl, {
        destino: null,
        destinos: [],
        medidas: medidas(medidasPorTipo),
      });
      return { motivos: decisions.map((d) => d.motivo), usd: toNumber(porMoeda.USD) };
    };

    it("counts once the amount of the quote's type (2 × 20DC: USD 50, not the 40' USD 60)", () => {
      expect(counted([{ tipo: '20DC', quantidade: 2 }])).toEqual({
        motivos: [null, 'outroConteiner'],
        usd: 50,
      });
      expect(counted([{ tipo: '40HC', quantidade: 3 }])).toEqual({
        motivos: ['outroConteiner', null],
        usd: 60,
      });
    });

    it('a quote of both types has one BL: the higher amount, once', () => {
      expect(
        counted([
          { tipo: '20DC', quantidade: 1 },
          { tipo: '40HC', quantidade: 1 },
        ]),
      ).toEqual({ motivos: ['duplicada', null], usd: 60 });
    });

    it("without the quote's types, the higher amount once (as before)", () => {
      expect(counted([])).toEqual({ motivos: ['duplicada', null], usd: 60 });
    });
  });
});

describe('a charge the reply names as conditional (QA pass, 2026-12-05)', () => {
  it.each([
    ['Subject to GRI', true],
    ['Sujeito a PSS', true],
    ['Sujeita à taxa de congestionamento', true],
    ['Sujeito ao BAF do mês', true],
    ['Sujeto a recargo de temporada', true],
    ['THC subject to change', false],
    ['Subject to change', false],
    ['Sujeito a alteração', false],
    ['GRI', false],
  ] as const)('%s → %s', (rotulo, conditional) => {
    expect(isConditionalLine({ rotulo, valor: 300, moeda: 'USD' })).toBe(conditional);
  });

  it('is listed, not summed', () => {
    const { decisions, porMoeda } = evaluateFees(
      [
        { nome: 'THC', valor: 1480, moeda: 'BRL', unidade: 'CNTR' },
        { rotulo: 'Subject to GRI', valor: 300, moeda: 'USD', unidade: 'CNTR' },
      ],
      { destino: null, destinos: [] },
    );
    expect(decisions.map((d) => [d.contabilizada, d.motivo])).toEqual([
      [true, null],
      [false, 'condicional'],
    ]);
    expect(toNumber(porMoeda.USD)).toBe(0);
  });
});
