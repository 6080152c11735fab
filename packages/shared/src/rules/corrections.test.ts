import { describe, expect, it } from 'vitest';
import { CORRECTION_FIELD_PATTERN, correctionBodySchema } from '../schemas/decisions.js';
import {
  ADDED_FEE_FIELD,
  applyCorrections,
  correctedFields,
  correctionSource,
  readCorrectionPath,
} from './corrections.js';

const line = (n: number, text: string, origin = 'body') => ({ line: n, text, origin });

/** An extraction as the engine writes it: two destinations, freight lines per container, two fees. */
function extracted() {
  return {
    transportador: 'Atlântica Cargas',
    moeda: 'USD',
    porto_destino: [
      { nome: 'Santos', codigo: 'BRSSZ', pais: 'BR' },
      { nome: 'Itajaí', codigo: 'BRITJ', pais: 'BR' },
    ],
    destinos: [
      { nome: 'Santos', valorFreteUSD: 1850, valorFreteBRL: null, valorFreteEUR: null },
      { nome: 'Itajaí', valorFreteUSD: 1900, valorFreteBRL: null, valorFreteEUR: null },
    ],
    transit_time_dias: 35,
    transit_time_min_dias: 30,
    transit_time_max_dias: 35,
    free_time_destino_dias: null,
    validadeProposta: '2026-12-30',
    frete: { tipo: '20DC', valor: 1850, moeda: 'USD' },
    fretes: [
      {
        destino: 'Santos',
        unidade: '20DC',
        valor: 1850,
        moeda: 'USD',
        confidence: 0.9,
        source: line(4, 'Santos 20DC USD 1.850,00'),
      },
      {
        destino: 'Santos',
        unidade: '40HC',
        valor: 2950,
        moeda: 'USD',
        confidence: 0.9,
        source: line(5, 'Santos 40HC USD 2.950,00'),
      },
      {
        destino: 'Itajaí',
        unidade: '20DC',
        valor: 1900,
        moeda: 'USD',
        confidence: 0.4,
        source: line(6, 'Itajaí 20DC USD 1.900,00'),
      },
    ],
    preco_por_container_20: 1850,
    preco_por_container_40: 2950,
    taxas: {
      itens: [
        {
          nome: 'THC',
          destino: null,
          valor: 1450,
          moeda: 'BRL',
          source: line(1, 'THC BRL 1.450,00', 'tarifa.xlsx'),
        },
        { nome: 'BL', destino: null, valor: 75, moeda: 'USD', source: line(8, 'BL fee USD 75,00') },
      ],
    },
    evidence: {
      transit_time_dias: { confidence: 0.8, source: line(9, 'Transit time: 30-35 dias'), method: 'regex' },
      validadeProposta: { confidence: 0.9, source: line(11, 'Validade: 30/12/2026'), method: 'regex' },
      frete: { confidence: 0.9, source: line(4, 'Santos 20DC USD 1.850,00'), method: 'charges' },
    },
  };
}

describe('readCorrectionPath', () => {
  it('finds scalar fields (also when null), list items by index, and nothing past the end', () => {
    const final = extracted();
    expect(readCorrectionPath(final, 'transit_time_dias')).toEqual({ exists: true, value: 35 });
    expect(readCorrectionPath(final, 'free_time_destino_dias')).toEqual({ exists: true, value: null });
    expect(readCorrectionPath(final, 'fretes.1.valor')).toEqual({ exists: true, value: 2950 });
    expect(readCorrectionPath(final, 'taxas.itens.0.moeda')).toEqual({ exists: true, value: 'BRL' });
    expect(readCorrectionPath(final, 'destinos.1.valorFreteUSD')).toEqual({ exists: true, value: 1900 });
    expect(readCorrectionPath(final, 'fretes.3.valor').exists).toBe(false);
    expect(readCorrectionPath(final, 'taxas.itens.9.valor').exists).toBe(false);
    expect(readCorrectionPath(final, 'destinos.2.valorFreteBRL').exists).toBe(false);
    expect(readCorrectionPath({}, 'transit_time_dias').exists).toBe(false);
    expect(readCorrectionPath(null, 'transit_time_dias').exists).toBe(false);
  });
});

describe('correctionSource (the provenance a correction keeps)', () => {
  it('is the line of the item, of the freight line behind a headline price, or the evidence', () => {
    const final = extracted();
    expect(correctionSource(final, 'fretes.1.valor')).toMatchObject({ line: 5, text: /40HC/ });
    expect(correctionSource(final, 'taxas.itens.0.valor')).toMatchObject({ origin: 'tarifa.xlsx' });
    expect(correctionSource(final, 'preco_por_container_40')).toMatchObject({ line: 5 });
    expect(correctionSource(final, 'preco_por_container_20')).toMatchObject({ line: 4 });
    expect(correctionSource(final, 'destinos.1.valorFreteUSD')).toMatchObject({ line: 6 });
    expect(correctionSource(final, 'transit_time_max_dias')).toMatchObject({ line: 9 });
    expect(correctionSource(final, 'validadeProposta')).toMatchObject({ line: 11 });
    expect(correctionSource(final, 'free_time_destino_dias')).toBeNull();
    expect(correctionSource(final, 'destinos.1.valorFreteBRL')).toBeNull();
  });
});

describe('applyCorrections', () => {
  it("a corrected freight unit moves the 40' price, the headline and the container type with it", () => {
    const final = { ...extracted(), tipoContainer: '20DC/40HC' };
    const corrected = applyCorrections(final, [{ campo: 'fretes.0.unidade', valor: '40HC' }]);
    expect(corrected.fretes[0]!.unidade).toBe('40HC');
    expect(corrected.preco_por_container_40).toBe(1850);
    expect(corrected.preco_por_container_20).toBe(1900);
    expect(corrected.frete).toEqual({ tipo: '40HC', valor: 1850, moeda: 'USD' });
    expect(corrected.tipoContainer).toBe('40HC/20DC');
    expect(final.fretes[0]!.unidade).toBe('20DC');
  });

  it('replaces the value at each path and leaves the stored extraction untouched', () => {
    const final = extracted();
    const corrected = applyCorrections(final, [
      { campo: 'free_time_destino_dias', valor: 14 },
      { campo: 'taxas.itens.1.valor', valor: 80 },
      { campo: 'taxas.itens.0.moeda', valor: 'USD' },
      { campo: 'validadeProposta', valor: null },
    ]);
    expect(corrected.free_time_destino_dias).toBe(14);
    expect(corrected.taxas.itens[1]!.valor).toBe(80);
    expect(corrected.taxas.itens[0]!.moeda).toBe('USD');
    expect(corrected.validadeProposta).toBeNull();
    expect(final).toEqual(extracted());
  });

  it('the latest correction of a field wins', () => {
    const corrected = applyCorrections(extracted(), [
      { campo: 'transit_time_dias', valor: 40 },
      { campo: 'transit_time_dias', valor: 28 },
    ]);
    expect(corrected.transit_time_dias).toBe(28);
  });

  it('skips a path this extraction does not have', () => {
    const corrected = applyCorrections(extracted(), [{ campo: 'fretes.7.valor', valor: 1 }]);
    expect(corrected).toEqual(extracted());
  });

  it('a corrected freight line moves the headline prices derived from it, unless those were corrected too', () => {
    const corrected = applyCorrections(extracted(), [
      { campo: 'fretes.0.valor', valor: 1730 },
      { campo: 'fretes.1.valor', valor: 2800 },
    ]);
    expect(corrected.preco_por_container_20).toBe(1730);
    expect(corrected.preco_por_container_40).toBe(2800);
    expect(corrected.destinos[0]!.valorFreteUSD).toBe(1730);
    expect(corrected.destinos[1]!.valorFreteUSD).toBe(1900);
    expect(corrected.frete).toEqual({ tipo: '20DC', valor: 1730, moeda: 'USD' });

    const direct = applyCorrections(extracted(), [
      { campo: 'preco_por_container_40', valor: 2500 },
      { campo: 'fretes.1.valor', valor: 2800 },
      { campo: 'destinos.0.valorFreteUSD', valor: 1700 },
    ]);
    expect(direct.preco_por_container_40).toBe(2500);
    expect(direct.destinos[0]!.valorFreteUSD).toBe(1700);
  });

  it('a currency correction of a freight line moves the per-destination freight to that currency', () => {
    const corrected = applyCorrections(extracted(), [{ campo: 'fretes.2.moeda', valor: 'BRL' }]);
    expect(corrected.destinos[1]).toMatchObject({ valorFreteUSD: null, valorFreteBRL: 1900 });
  });

  it('the longest transit follows a corrected maximum', () => {
    expect(applyCorrections(extracted(), [{ campo: 'transit_time_max_dias', valor: 38 }])).toMatchObject({
      transit_time_dias: 38,
      transit_time_max_dias: 38,
    });
  });

  it('returns a non-object extraction (none yet) as it is', () => {
    expect(applyCorrections(null, [{ campo: 'transit_time_dias', valor: 1 }])).toBeNull();
  });
});

describe('correction body (the contract the route validates with)', () => {
  it('accepts every correctable path and refuses the rest', () => {
    for (const campo of [
      'transit_time_dias',
      'preco_por_container_40',
      'destinos.0.valorFreteBRL',
      'fretes.12.moeda',
      'taxas.itens.3.valor',
      'fretes.0.unidade',
      'taxas.itens.2.unidade',
    ])
      expect(CORRECTION_FIELD_PATTERN.test(campo), campo).toBe(true);
    for (const campo of ['transportador', 'fretes.0.source', 'taxas.itens.x.valor', 'evidence', '__proto__'])
      expect(CORRECTION_FIELD_PATTERN.test(campo), campo).toBe(false);
  });

  it('gives field messages for a non-numeric value, a wrong currency or a date that is not one', () => {
    const message = (body: unknown) => correctionBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ campo: 'fretes.0.valor', valor: 'mil' })).toMatch(/número válido/);
    expect(message({ campo: 'fretes.0.valor', valor: -1 })).toMatch(/número válido/);
    expect(message({ campo: 'fretes.0.moeda', valor: 'GBP' })).toMatch(/Moeda inválida/);
    expect(message({ campo: 'validadeProposta', valor: '31/12/2026' })).toMatch(/data válida/);
    expect(message({ campo: 'transit_time_dias', valor: 2.5 })).toMatch(/dias/);
    expect(correctionBodySchema.safeParse({ campo: 'fretes.0.valor', valor: null }).success).toBe(true);
  });

  it('takes a freight unit or a fee basis from their own lists, and never clears one', () => {
    const ok = (body: unknown) => correctionBodySchema.safeParse(body).success;
    const message = (body: unknown) => correctionBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(ok({ campo: 'fretes.0.unidade', valor: '40HC' })).toBe(true);
    expect(ok({ campo: 'fretes.0.unidade', valor: 'KG' })).toBe(true);
    expect(ok({ campo: 'taxas.itens.1.unidade', valor: 'BL' })).toBe(true);
    expect(message({ campo: 'fretes.0.unidade', valor: 'CNTR' })).toBe('Unidade inválida.');
    expect(message({ campo: 'taxas.itens.1.unidade', valor: '40HC' })).toBe('Unidade inválida.');
    expect(message({ campo: 'taxas.itens.1.unidade', valor: 'PERCENT' })).toBe('Unidade inválida.');
    expect(message({ campo: 'taxas.itens.1.unidade', valor: null })).toBe('Unidade inválida.');
  });
});

describe('correctedFields', () => {
  it('a field set back to the value the reply stated is not corrected; added fees always are', () => {
    const fields = correctedFields([
      { campo: 'fretes.0.valor', valor: 2800, valorOriginal: 2950 },
      { campo: 'transit_time_dias', valor: 40, valorOriginal: 35 },
      { campo: 'fretes.0.valor', valor: 2950, valorOriginal: 2950 },
      { campo: ADDED_FEE_FIELD, valor: '{"nome":"ISPS","valor":15}', valorOriginal: null },
    ]);
    expect([...fields].sort()).toEqual([ADDED_FEE_FIELD, 'transit_time_dias']);
    // Corrected again after the revert: corrected.
    expect(
      correctedFields([
        { campo: 'fretes.0.valor', valor: 2950, valorOriginal: 2950 },
        { campo: 'fretes.0.valor', valor: 2700, valorOriginal: 2950 },
      ]).has('fretes.0.valor'),
    ).toBe(true);
  });
});
