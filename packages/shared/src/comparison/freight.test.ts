import { describe, expect, it } from 'vitest';
import type { ContainerAsk } from './containers.js';
import { toNumber } from './decimal.js';
import { engineFinal, freightItem, makeFinal, port } from './fixtures/finals.js';
import { countFreight, freightLinesOf } from './freight.js';

const none = new Set<string>();
const count = (
  final: ReturnType<typeof makeFinal>,
  asked: ContainerAsk[],
  quantidade = 1,
  destino: string | null = null,
  corrigidos: Set<string> = none,
) => {
  const destinos = final.porto_destino.map((p) => p.nome);
  const result = countFreight(freightLinesOf(final, { destino, destinos, corrigidos }), asked, quantidade);
  return {
    USD: toNumber(result.porMoeda.USD),
    BRL: toNumber(result.porMoeda.BRL),
    linhas: result.lines.map((line) => [line.tipo, line.valor, line.quantidade, line.campo]),
    faltando: result.tamanhosFaltando,
  };
};

describe('freight value of a row (ADR 0017)', () => {
  describe('the quote asked container types: price of that type × quantity asked', () => {
    it("2 × 40HC asked, 20' and 40'HC offered (g01): 2 × 2650, the 20' shown but not counted", () => {
      expect(count(engineFinal('g01'), [{ tipo: '40HC', quantidade: 2 }])).toEqual({
        USD: 5300,
        BRL: 0,
        linhas: [
          ['20DC', 1780, 0, 'fretes.0.valor'],
          ['40HC', 2650, 2, 'fretes.1.valor'],
        ],
        faltando: [],
      });
    });

    it('several types: each priced by its own line', () => {
      const final = makeFinal({ fretes: [freightItem('20DC', 1000.1), freightItem('40HC', 2000.2)] });
      expect(
        count(final, [
          { tipo: '20', quantidade: 3 },
          { tipo: '40HC', quantidade: 1 },
        ]).USD,
      ).toBe(5000.5);
    });

    it('the exact kind first, else the first line of the same size', () => {
      const final = makeFinal({ fretes: [freightItem('40DC', 1600), freightItem('40HC', 1650)] });
      expect(count(final, [{ tipo: '40HC', quantidade: 1 }]).USD).toBe(1650);
      expect(count(final, [{ tipo: '40', quantidade: 1 }]).USD).toBe(1600);
      expect(count(final, [{ tipo: '40RF', quantidade: 1 }]).USD).toBe(1600);
    });

    it('a size without a price counts nothing and is reported missing', () => {
      expect(count(engineFinal('g18'), [{ tipo: '20', quantidade: 1 }])).toMatchObject({
        USD: 0,
        faltando: ['20'],
      });
    });

    it('the price of another destination does not count for this row (n17: 3 destinations)', () => {
      const final = engineFinal('n17');
      expect(count(final, [{ tipo: '40HC', quantidade: 2 }], 2, 'Santos').USD).toBe(5960);
      expect(count(final, [{ tipo: '40HC', quantidade: 2 }], 2, 'Itapoá').USD).toBe(6240);
    });

    it('BRL freight sums in BRL; EUR freight counts only with a euro rate (g22)', () => {
      const brl = makeFinal({ fretes: [freightItem('40HC', 15000, 'R$')] });
      expect(count(brl, [{ tipo: '40HC', quantidade: 1 }])).toMatchObject({ USD: 0, BRL: 15000 });
      expect(count(engineFinal('g22'), [{ tipo: '40HC', quantidade: 1 }])).toMatchObject({
        USD: 0,
        BRL: 0,
        faltando: ['40'],
      });
      const final = engineFinal('g22');
      const lines = freightLinesOf(final, { destino: null, destinos: ['Santos'], corrigidos: none });
      const euro = countFreight(lines, [{ tipo: '40HC', quantidade: 2 }], 2, undefined, true);
      expect(toNumber(euro.porMoeda.EUR)).toBe(3300);
      expect(euro.tamanhosFaltando).toEqual([]);
    });

    it('nothing asked: a EUR price beside a USD one is the same freight, the USD one counts', () => {
      const final = makeFinal({ fretes: [freightItem('40HC', 2000), freightItem('40HC', 1800, 'EUR')] });
      const lines = freightLinesOf(final, { destino: null, destinos: [], corrigidos: none });
      const result = countFreight(lines, [], 1, undefined, true);
      expect([toNumber(result.porMoeda.USD), toNumber(result.porMoeda.EUR)]).toEqual([2000, 0]);
      const euroOnly = makeFinal({ fretes: [freightItem('40HC', 1800, 'EUR')] });
      const alone = countFreight(
        freightLinesOf(euroOnly, { destino: null, destinos: [], corrigidos: none }),
        [],
        2,
        undefined,
        true,
      );
      expect(toNumber(alone.porMoeda.EUR)).toBe(3600);
    });
  });

  describe('nothing asked: the headline (first line per currency) × the container quantity', () => {
    it('first USD line, times the quantity for a container price', () => {
      expect(count(engineFinal('g01'), [], 2)).toMatchObject({ USD: 3560, BRL: 0 });
    });

    it('one headline per currency', () => {
      const final = makeFinal({ fretes: [freightItem('40HC', 2000), freightItem('40HC', 500, 'BRL')] });
      expect(count(final, [], 1)).toMatchObject({ USD: 2000, BRL: 500 });
    });

    it('a price per kg or m³ counts once', () => {
      const final = makeFinal({ fretes: [freightItem('M3', 65)] });
      expect(count(final, [], 3)).toMatchObject({ USD: 65 });
    });
  });

  describe('answers without freight lines: the summaries', () => {
    it("per-destination 'destinos' values", () => {
      const final = makeFinal({
        porto_destino: [port('Santos'), port('Itajaí')],
        destinos: [
          { nome: 'Santos', valorFreteUSD: 3100, valorFreteBRL: null },
          { nome: 'Itajaí', valorFreteUSD: 3300, valorFreteBRL: 900 },
        ],
      });
      expect(count(final, [], 1, 'Itajaí')).toMatchObject({
        USD: 3300,
        BRL: 900,
        linhas: [
          ['frete', 3300, 1, 'destinos.1.valorFreteUSD'],
          ['frete', 900, 1, 'destinos.1.valorFreteBRL'],
        ],
      });
    });

    it("'preco_por_container_20/40' in the answer's currency", () => {
      const final = makeFinal({ preco_por_container_40: 2500, moeda: 'USD' });
      expect(count(final, [{ tipo: '40HC', quantidade: 2 }])).toMatchObject({
        USD: 5000,
        linhas: [["40'", 2500, 2, 'preco_por_container_40']],
      });
    });

    it("the legacy 'frete' object last (not correctable)", () => {
      const final = makeFinal({ frete: { tipo: '40HC', valor: 2100, moeda: 'USD' } });
      expect(count(final, [])).toMatchObject({ USD: 2100, linhas: [['40HC', 2100, 1, null]] });
    });
  });

  describe('corrections of a summary field replace the line it summarises', () => {
    it('preco_por_container_40 corrected', () => {
      const final = { ...engineFinal('g01'), preco_por_container_40: 2400 };
      expect(
        count(final, [{ tipo: '40HC', quantidade: 1 }], 1, null, new Set(['preco_por_container_40'])),
      ).toMatchObject({
        USD: 2400,
        linhas: [
          ['20DC', 1780, 0, 'fretes.0.valor'],
          ['40HC', 2400, 1, 'preco_por_container_40'],
        ],
      });
    });

    it('destinos.N.valorFreteUSD corrected', () => {
      const base = engineFinal('n06');
      const final = {
        ...base,
        destinos: base.destinos.map((d, i) => (i === 1 ? { ...d, valorFreteUSD: 3000 } : d)),
      };
      expect(count(final, [], 1, 'Paranaguá', new Set(['destinos.1.valorFreteUSD']))).toMatchObject({
        USD: 3000,
      });
      expect(count(final, [], 1, 'Paranaguá')).toMatchObject({ USD: 3240 });
    });

    it('a line correction is the line value itself', () => {
      const base = engineFinal('g01');
      const final = { ...base, fretes: base.fretes.map((f, i) => (i === 1 ? { ...f, valor: 2500 } : f)) };
      expect(count(final, [{ tipo: '40HC', quantidade: 1 }], 1, null, new Set(['fretes.1.valor'])).USD).toBe(
        2500,
      );
    });
  });
});
