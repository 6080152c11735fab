import { describe, expect, it } from 'vitest';
import {
  destinationsOf,
  fileContainersOf,
  missingItems,
  type QuoteAsked,
  quoteAskedFrom,
  revisionMessageFor,
} from './asked.js';
import { engineFinal, freightItem, makeFinal, port } from './fixtures/finals.js';

const fcl = (conteineres: QuoteAsked['conteineres'] = []): QuoteAsked => ({
  tipoFrete: 'FCL',
  destino: 'Santos',
  conteineres,
});

describe('what a quote asked', () => {
  it("reads each cargo item's volume field, summed over items", () => {
    expect(
      quoteAskedFrom({
        tipoFrete: 'FCL',
        destino: 'Santos, BR',
        itens: [
          { mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC' },
          { mercadoria: 'Motores', quantidadeVolumes: "1x20'" },
          { mercadoria: 'Parafusos', quantidadeVolumes: '1 x 40HC' },
        ],
      }),
    ).toEqual({
      tipoFrete: 'FCL',
      destino: 'Santos, BR',
      origem: null,
      conteineres: [
        { tipo: '40HC', quantidade: 3 },
        { tipo: '20', quantidade: 1 },
      ],
      medidas: { modal: 'FCL', pesoKg: null, volumeM3: null, valorMercadoria: null },
    });
  });

  it('falls back to the description when no volume field names containers', () => {
    expect(
      quoteAskedFrom({
        tipoFrete: 'FCL',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '10 pallets' }],
        descricaoGeral: 'Prezados,\nSolicitamos cotação de 3x40HC Shanghai x Itajaí.\nObrigado',
      }).conteineres,
    ).toEqual([{ tipo: '40HC', quantidade: 3 }]);
  });

  it('asks no container of an LCL, air or road quote', () => {
    for (const tipoFrete of ['LCL', 'AÉREO', 'RODOVIÁRIO'])
      expect(quoteAskedFrom({ tipoFrete, itens: [{ quantidadeVolumes: '2x40HC' }] }).conteineres).toEqual([]);
  });

  it('asks nothing in particular when nothing is said', () => {
    expect(quoteAskedFrom({})).toEqual({
      tipoFrete: null,
      destino: null,
      origem: null,
      conteineres: [],
      medidas: { modal: null, pesoKg: null, volumeM3: null, valorMercadoria: null },
    });
  });
});

describe('destinations of an answer', () => {
  it('lists ports, then summaries not among them, without repeats', () => {
    expect(destinationsOf(engineFinal('n17'))).toEqual(['Santos', 'Paranaguá', 'Itapoá']);
    expect(
      destinationsOf(
        makeFinal({
          porto_destino: [port('Santos')],
          destinos: [
            { nome: 'SANTOS', valorFreteUSD: 1, valorFreteBRL: null },
            { nome: 'Itajaí', valorFreteUSD: 2, valorFreteBRL: null },
          ],
        }),
      ),
    ).toEqual(['Santos', 'Itajaí']);
  });

  it("splits 'destino/destino' (spec: destinations separated by '/') but not a state code", () => {
    expect(destinationsOf(makeFinal({ porto_destino: [port('Santos / Paranaguá')] }))).toEqual([
      'Santos',
      'Paranaguá',
    ]);
    expect(destinationsOf(makeFinal({ porto_destino: [port('Itajaí/SC')] }))).toEqual(['Itajaí']);
    expect(destinationsOf(null)).toEqual([]);
  });
});

describe('missingItems: what the answer lacks compared with what was asked', () => {
  const complete = makeFinal({
    fretes: [freightItem('20DC', 1780), freightItem('40HC', 2650)],
    transit_time_dias: 42,
    free_time_destino_dias: 14,
    validadeProposta: '2026-11-30',
  });

  it('nothing when everything asked is there', () => {
    expect(missingItems(complete, fcl([{ tipo: '40HC', quantidade: 2 }]))).toEqual([]);
    expect(missingItems(engineFinal('g01'), fcl([{ tipo: '20', quantidade: 2 }]))).toEqual([]);
  });

  it("a 40' price asked and not given is 'frete40'", () => {
    const only20 = { ...complete, fretes: [freightItem('20DC', 1780)] };
    expect(missingItems(only20, fcl([{ tipo: '40HC', quantidade: 1 }]))).toEqual(['frete40']);
    expect(
      missingItems(
        only20,
        fcl([
          { tipo: '20', quantidade: 1 },
          { tipo: '40', quantidade: 1 },
        ]),
      ),
    ).toEqual(['frete40']);
  });

  it("a 20' price asked and not given is 'frete20' (g18 quotes 40HC only)", () => {
    expect(missingItems(engineFinal('g18'), fcl([{ tipo: '20DC', quantidade: 1 }]))).toEqual(['frete20']);
  });

  it("'frete' when nothing particular was asked and there is no freight at all", () => {
    expect(missingItems({ ...complete, fretes: [] }, fcl())).toEqual(['frete']);
    expect(missingItems(complete, fcl())).toEqual([]);
  });

  it('a price of another destination does not answer for this one', () => {
    const final = makeFinal({
      porto_destino: [port('Santos'), port('Itajaí')],
      fretes: [freightItem('40HC', 3000, 'USD', 'Itajaí')],
      transit_time_dias: 30,
      free_time_destino_dias: 7,
      validadeProposta: '2026-12-31',
    });
    expect(missingItems(final, fcl([{ tipo: '40HC', quantidade: 1 }]), 'Santos')).toEqual(['frete40']);
    expect(missingItems(final, fcl([{ tipo: '40HC', quantidade: 1 }]), 'Itajaí')).toEqual([]);
  });

  it("'prazo', 'freeTime' and 'validade' when not informed (n17 has neither free time nor validity)", () => {
    expect(missingItems(engineFinal('n17'), fcl([{ tipo: '40HC', quantidade: 1 }]), 'Santos')).toEqual([
      'freeTime',
      'validade',
    ]);
    expect(missingItems({ ...complete, transit_time_dias: null }, fcl())).toEqual(['prazo']);
  });

  it('transit counts from the range when only its ends are known', () => {
    expect(missingItems({ ...complete, transit_time_dias: null, transit_time_min_dias: 30 }, fcl())).toEqual(
      [],
    );
  });

  it('free time is not asked of air or road freight', () => {
    const air = { ...complete, free_time_destino_dias: null };
    expect(missingItems(air, { tipoFrete: 'AÉREO', destino: null, conteineres: [] })).toEqual([]);
    expect(
      missingItems({ ...air, modal: 'RODOVIARIO' }, { tipoFrete: null, destino: null, conteineres: [] }),
    ).toEqual([]);
    expect(missingItems(air, fcl())).toEqual(['freeTime']);
  });

  it('an answer without extracted data lacks everything asked', () => {
    expect(missingItems(null, fcl([{ tipo: '40HC', quantidade: 1 }]))).toEqual([
      'frete40',
      'prazo',
      'freeTime',
      'validade',
    ]);
    expect(missingItems(null, fcl())).toEqual(['frete', 'prazo', 'freeTime', 'validade']);
  });
});

describe('the revision message pre-filled from what is missing', () => {
  it('lists the missing items in pt-BR', () => {
    expect(revisionMessageFor(['frete40', 'freeTime', 'validade'])).toContain(
      "nos informem o preço do contêiner de 40', o free time no destino e a validade da proposta.",
    );
    expect(revisionMessageFor(['prazo'])).toContain('nos informem o tempo de trânsito (transit time).');
  });

  it('asks for the best condition when nothing is missing', () => {
    expect(revisionMessageFor([])).toContain('melhor condição');
  });
});

describe("what a PDF/Excel quote's page says of its file (fileContainersOf, QA pass 8)", () => {
  const file = 'Equipamento\t2 x 40HC + 1 x 20DV\nPeso bruto total\t38.500 kg';
  it('the containers the comparison counts from the file, as the file names them', () => {
    expect(fileContainersOf({ tipoFrete: 'FCL', textoArquivo: file })).toEqual([
      { tipo: '40HC', quantidade: 2 },
      { tipo: '20DV', quantidade: 1 },
    ]);
    expect(quoteAskedFrom({ tipoFrete: 'FCL', textoArquivo: file }).conteineres).toHaveLength(2);
  });
  it('null while unread, [] when read with none, nothing when a field or the modal decides', () => {
    expect(fileContainersOf({ tipoFrete: 'FCL', textoArquivo: null })).toBeNull();
    expect(fileContainersOf({ tipoFrete: 'FCL', textoArquivo: '' })).toEqual([]);
    expect(
      fileContainersOf({ tipoFrete: 'FCL', textoArquivo: file, itens: [{ quantidadeVolumes: '1 x 40HC' }] }),
    ).toBeUndefined();
    expect(fileContainersOf({ tipoFrete: 'LCL', textoArquivo: file })).toBeUndefined();
  });
});
