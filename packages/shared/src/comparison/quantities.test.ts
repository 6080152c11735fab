import { describe, expect, it } from 'vitest';
import { formatDecimal, toDecimal } from './decimal.js';
import { evaluateFees, type FeeLineInput } from './fees.js';
import { countFreight, type FreightLine } from './freight.js';
import {
  chargeAmount,
  chargeableWeightKg,
  chargeQuantity,
  itemVolumeM3,
  parseGoodsValue,
  parseMeasureNumber,
  parseVolumeM3,
  parseWeightKg,
  quoteMeasuresFrom,
  revenueTonnes,
  type ShipmentMeasures,
} from './quantities.js';
import { chargeLineText, unpricedText } from './quantity-text.js';

const text = (value: bigint | null, places = 2) => (value === null ? null : formatDecimal(value, places));

const measures = (overrides: Partial<ShipmentMeasures> = {}): ShipmentMeasures => ({
  modal: 'FCL',
  conteineres: 2,
  pesoKg: toDecimal(3200),
  volumeM3: toDecimal(12.5),
  valorMercadoria: { valor: toDecimal(85000), moeda: 'USD' },
  ...overrides,
});

const fee = (
  nome: string,
  valor: number,
  moeda: string,
  unidade: string,
  extra: Partial<FeeLineInput> = {},
) => ({
  nome,
  rotulo: nome,
  destino: null,
  valor,
  moeda,
  unidade,
  ...extra,
});

const sum = (lines: FeeLineInput[], m: ShipmentMeasures) => {
  const { porMoeda, decisions } = evaluateFees(lines, { destino: null, destinos: [], medidas: m });
  return { USD: text(porMoeda.USD), BRL: text(porMoeda.BRL), decisions };
};

describe('the unit decides the quantity (issue 30)', () => {
  it('per container: × the containers of the shipment', () => {
    // THC R$ 1.420,00 × 2 = 2.840,00; ISPS USD 15,00 × 2 = 30,00
    const result = sum([fee('THC', 1420, 'BRL', 'CNTR'), fee('ISPS', 15, 'USD', 'CNTR')], measures());
    expect(result).toMatchObject({ BRL: '2840.00', USD: '30.00' });
  });

  it("per container: the reply's own stated quantity wins", () => {
    const result = sum([fee('THC', 1420, 'BRL', 'CNTR', { quantidade: 3 })], measures());
    expect(result.BRL).toBe('4260.00');
  });

  it('per BL, per process, per trip: once', () => {
    // 50 + 120 + 80 = 250
    const result = sum(
      [
        fee('BL FEE', 50, 'USD', 'BL'),
        fee('DESPACHO', 120, 'USD', 'PROCESSO'),
        fee('ESCOLTA', 80, 'USD', 'VIAGEM'),
      ],
      measures({ conteineres: 4 }),
    );
    expect(result.USD).toBe('250.00');
  });

  it('per kg: × the gross weight', () => {
    // 0,12 × 3.200 kg = 384,00
    expect(sum([fee('HANDLING', 0.12, 'BRL', 'KG')], measures()).BRL).toBe('384.00');
  });

  it('per m³: × the volume', () => {
    // 18,40 × 12,5 m³ = 230,00
    expect(sum([fee('DESOVA', 18.4, 'BRL', 'M3')], measures({ modal: 'LCL' })).BRL).toBe('230.00');
  });

  it('per W/M in LCL: × the greater of tonnes and m³', () => {
    // 3.200 kg = 3,2 t < 12,5 m³ → 12,5 W/M; 22 × 12,5 = 275,00
    expect(sum([fee('CFS', 22, 'USD', 'WM')], measures({ modal: 'LCL' })).USD).toBe('275.00');
    // 14.000 kg = 14 t > 12,5 m³ → 14 W/M; 22 × 14 = 308,00
    expect(sum([fee('CFS', 22, 'USD', 'WM')], measures({ modal: 'LCL', pesoKg: toDecimal(14000) })).USD).toBe(
      '308.00',
    );
  });

  it('air: per kg on the chargeable weight, the greater of gross kg and m³ at 1:6000', () => {
    // 12,5 m³ ÷ 0,006 = 2.083,33 kg < 3.200 kg → 3.200; 0,35 × 3.200 = 1.120,00
    expect(sum([fee('FSC', 0.35, 'USD', 'KG')], measures({ modal: 'AÉREO' })).USD).toBe('1120.00');
    // 800 kg, 6 m³ → 6.000.000 cm³ ÷ 6.000 = 1.000 kg; 0,35 × 1.000 = 350,00
    expect(
      sum(
        [fee('FSC', 0.35, 'USD', 'KG')],
        measures({ modal: 'AEREO', pesoKg: toDecimal(800), volumeM3: toDecimal(6) }),
      ).USD,
    ).toBe('350.00');
  });

  it('percentage: % of the goods value, in its currency', () => {
    // 0,3 % × USD 85.000 = 255,00 (the line said BRL; the goods are in USD)
    const result = sum([fee('SEGURO', 0.3, 'BRL', 'PERCENT')], measures());
    expect(result).toMatchObject({ USD: '255.00', BRL: '0.00' });
  });

  it('a minimum raises the amount', () => {
    // 0,15 % × 20.000 = 30,00 < min 50 → 50,00
    const result = sum(
      [fee('SEGURO', 0.15, 'USD', 'PERCENT', { minimo: 50 })],
      measures({ valorMercadoria: { valor: toDecimal(20000), moeda: 'USD' } }),
    );
    expect(result.USD).toBe('50.00');
    expect(result.decisions[0]).toMatchObject({ minimoAplicado: true });
    // above the minimum: 0,15 % × 85.000 = 127,50
    expect(sum([fee('SEGURO', 0.15, 'USD', 'PERCENT', { minimo: 50 })], measures()).USD).toBe('127.50');
  });

  it('an unknown quantity is not guessed: the line is left out and says why', () => {
    const result = sum(
      [
        fee('HANDLING', 0.12, 'BRL', 'KG'),
        fee('THC', 1420, 'BRL', 'CNTR'),
        fee('SEGURO', 0.3, 'USD', 'PERCENT'),
      ],
      measures({ pesoKg: null, conteineres: null, valorMercadoria: null }),
    );
    expect(result.BRL).toBe('0.00');
    expect(result.decisions.map((d) => [d.motivo, d.quantidade?.falta])).toEqual([
      ['quantidadeDesconhecida', 'peso'],
      ['quantidadeDesconhecida', 'conteineres'],
      ['quantidadeDesconhecida', 'valorMercadoria'],
    ]);
  });

  it('without measures every line counts once, as quoted (the §5 rules alone)', () => {
    const { porMoeda } = evaluateFees([fee('THC', 1420, 'BRL', 'CNTR')], { destino: null, destinos: [] });
    expect(text(porMoeda.BRL)).toBe('1420.00');
  });
});

describe('freight quantities', () => {
  const line = (tipo: string, valor: number, extra: Partial<FreightLine> = {}): FreightLine => ({
    tipo,
    valor,
    moeda: 'USD',
    campo: null,
    fonte: null,
    confianca: 0.9,
    quantidade: 0,
    ...extra,
  });

  it('per container type asked', () => {
    // 2 × 40HC at 2.950 + 1 × 20DC at 1.850 = 7.750
    const count = countFreight(
      [line('20DC', 1850), line('40HC', 2950)],
      [
        { tipo: '40HC', quantidade: 2 },
        { tipo: '20', quantidade: 1 },
      ],
      3,
      measures({ conteineres: 3 }),
    );
    expect(text(count.porMoeda.USD)).toBe('7750.00');
    expect(count.lines.map((l) => l.quantidade)).toEqual([1, 2]);
  });

  it('LCL per W/M with a minimum', () => {
    // 45 × 12,5 W/M = 562,50
    expect(text(countFreight([line('WM', 45)], [], 1, measures({ modal: 'LCL' })).porMoeda.USD)).toBe(
      '562.50',
    );
    // 45 × 0,8 m³ (0,3 t) = 36,00 < min 90 → 90,00
    const small = countFreight(
      [line('WM', 45, { minimo: 90 })],
      [],
      1,
      measures({ modal: 'LCL', pesoKg: toDecimal(300), volumeM3: toDecimal(0.8) }),
    );
    expect(text(small.porMoeda.USD)).toBe('90.00');
    expect(small.lines[0]).toMatchObject({ quantidade: 0.8, base: 'wm' });
  });

  it('air per kg on the chargeable weight', () => {
    // 800 kg, 6 m³ → 1.000 kg × 4,10 = 4.100,00
    const count = countFreight(
      [line('KG', 4.1)],
      [],
      1,
      measures({ modal: 'AÉREO', pesoKg: toDecimal(800), volumeM3: toDecimal(6) }),
    );
    expect(text(count.porMoeda.USD)).toBe('4100.00');
  });

  it('per kg without a weight: not counted, the measure named', () => {
    const count = countFreight(
      [line('KG', 4.1)],
      [],
      1,
      measures({ modal: 'AÉREO', pesoKg: null, volumeM3: null }),
    );
    expect(text(count.porMoeda.USD)).toBe('0.00');
    expect(count.lines[0]).toMatchObject({ quantidade: 0, falta: 'peso' });
  });
});

describe('measures from the quote', () => {
  it('reads numbers the way people write them', () => {
    expect(
      ['18.500', '18,5', '1,234.56', '12.500,00', '3200', '0,8'].map((t) => text(parseMeasureNumber(t))),
    ).toEqual(['18500.00', '18.50', '1234.56', '12500.00', '3200.00', '0.80']);
  });

  it('reads groups of three digits apart by a space as thousands (QA pass 40c: "1 250 kg" read 250 kg)', () => {
    expect(
      ['1 250 kg', '15 000 kg', '1\u00a0250,5 kg', '2 x 40HC, 18 000 kg', '320,5 kg'].map((t) =>
        text(parseWeightKg(t)),
      ),
    ).toEqual(['1250.00', '15000.00', '1250.50', '18000.00', '320.50']);
    expect(text(parseVolumeM3('12 500 m³'))).toBe('12500.00');
    expect(parseGoodsValue('USD 120 000,00')).toEqual({ valor: toDecimal(120000), moeda: 'USD' });
    // A count beside a size is no thousands group.
    expect(text(parseMeasureNumber('1 x 20'))).toBe('1.00');
  });

  it('weight in kg or tonnes, volume in m³ or cbm, goods value with currency', () => {
    expect(text(parseWeightKg('18.500 kg'))).toBe('18500.00');
    expect(text(parseWeightKg('12,5 toneladas'))).toBe('12500.00');
    expect(text(parseVolumeM3('12 pallets, 12,5 m³'))).toBe('12.50');
    expect(text(parseVolumeM3('18 CBM'))).toBe('18.00');
    expect(parseGoodsValue('USD 85.000,00')).toEqual({ valor: toDecimal(85000), moeda: 'USD' });
    expect(parseGoodsValue('R$ 120.000')).toEqual({ valor: toDecimal(120000), moeda: 'BRL' });
  });

  it('takes the weight field, then the cargo texts', () => {
    const m = quoteMeasuresFrom({
      tipoFrete: 'LCL',
      pesoBrutoTotal: '3.200 kg',
      valorMercadoria: 'USD 85.000,00',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '10 pallets', dimensoes: 'total 12,5 m³' }],
    });
    expect([text(m.pesoKg), text(m.volumeM3), m.valorMercadoria?.moeda]).toEqual(['3200.00', '12.50', 'USD']);
  });

  it('W/M, chargeable weight and amounts are exact', () => {
    expect(text(revenueTonnes(toDecimal(3200), toDecimal(2.1)), 3)).toBe('3.200');
    // 166,67 kg rounded up to the next 0,5 kg, as IATA bills it.
    expect(text(chargeableWeightKg(toDecimal(100), toDecimal(1)))).toBe('167.00');
    // 1,2 m³ is 200 kg, as forwarders bill it (QA pass 6: 200,4 with 167 kg/m³).
    expect(text(chargeableWeightKg(toDecimal(180), toDecimal(1.2)))).toBe('200.00');
    expect(text(chargeAmount(1.005, toDecimal(1)))).toBe('1.01');
    expect(chargeQuantity('BL', measures()).quantidade).toBe(toDecimal(1));
  });
});

describe('the quantity said on every line', () => {
  it("'2 × R$ 1.420,00 = R$ 2.840,00' and its kin", () => {
    expect(
      chargeLineText({ valor: 1420, moeda: 'BRL', quantidade: 2, base: 'conteiner', valorTotal: 2840 }),
    ).toBe('2 × R$ 1.420,00 = R$ 2.840,00');
    expect(chargeLineText({ valor: 0.12, moeda: 'BRL', quantidade: 3200, base: 'kg', valorTotal: 384 })).toBe(
      '3.200 kg × R$ 0,12 = R$ 384,00',
    );
    expect(
      chargeLineText({ valor: 0.3, moeda: 'USD', quantidade: 850, base: 'percentual', valorTotal: 255 }),
    ).toBe('0,3% × US$ 85.000,00 = US$ 255,00');
    expect(chargeLineText({ valor: 15, moeda: 'USD', quantidade: null, base: 'conteiner' })).toBe(
      '? × US$ 15,00',
    );
    expect(
      chargeLineText({
        valor: 0.15,
        moeda: 'USD',
        quantidade: 200,
        base: 'percentual',
        valorTotal: 50,
        minimoAplicado: true,
      }),
    ).toBe('0,15% × US$ 20.000,00 = US$ 30,00 (mínimo US$ 50,00 aplicado)');
  });

  it('an English e-mail says the minimum in English (QA pass 43a)', () => {
    const fuel = {
      valor: 0.25,
      moeda: 'USD',
      quantidade: 555.5,
      base: 'pesoTaxado',
      valorTotal: 1250,
      minimoAplicado: true,
    };
    expect(chargeLineText(fuel, 'en-US')).toBe(
      '555.5 kg × US$ 0.25 = US$ 138.88 (minimum US$ 1,250.00 applied)',
    );
    expect(chargeLineText(fuel)).toBe('555,5 kg × US$ 0,25 = US$ 138,88 (mínimo US$ 1.250,00 aplicado)');
  });
});

describe('QA pass 6: air and LCL measures as analysts write them', () => {
  it('the volume from the items\' dimensions when no m³ is written ("5 x 80x60x50 cm", "3 pallets" of 120x100x100)', () => {
    expect(text(itemVolumeM3({ quantidadeVolumes: '5 caixas', dimensoes: '5 x 80x60x50 cm' })!, 4)).toBe(
      '1.2000',
    );
    expect(text(itemVolumeM3({ quantidadeVolumes: '3 pallets', dimensoes: '120x100x100' })!, 4)).toBe(
      '3.6000',
    );
    expect(text(itemVolumeM3({ quantidadeVolumes: '2 volumes', dimensoes: '1,2 x 1,0 x 0,5 m' })!, 4)).toBe(
      '1.2000',
    );
    expect(itemVolumeM3({ quantidadeVolumes: '3 pallets', dimensoes: 'paletizado' })).toBeNull();
    const quote = quoteMeasuresFrom({
      tipoFrete: 'AEREO',
      pesoBrutoTotal: '180 kg',
      itens: [{ quantidadeVolumes: '5 caixas', dimensoes: '5 x 80x60x50 cm', mercadoria: 'Peças' }],
    });
    expect(text(quote.volumeM3!, 4)).toBe('1.2000');
    // Air: 180 kg gross, 1,2 m³ → 200 kg chargeable; USD 4,80/kg = US$ 960,00.
    const air = { ...quote, conteineres: null };
    expect(text(chargeQuantity('KG', air).quantidade!)).toBe('200.00');
    // A written m³ wins over the dimensions.
    const written = quoteMeasuresFrom({
      itens: [{ quantidadeVolumes: '3 pallets', dimensoes: '120x100x100 cm', mercadoria: '4 m³ de peças' }],
    });
    expect(text(written.volumeM3!, 4)).toBe('4.0000');
  });

  it('the chargeable weight the reply states is what an air charge per kg counts', () => {
    const air = measures({
      modal: 'AEREO',
      pesoKg: toDecimal(180),
      volumeM3: null,
      pesoTaxavelKg: toDecimal(200),
    });
    expect(chargeQuantity('KG', air)).toMatchObject({ base: 'pesoTaxado', quantidade: toDecimal(200) });
    // Sea: the gross weight, whatever the reply says of chargeable weight.
    expect(chargeQuantity('KG', { ...air, modal: 'LCL' }).quantidade).toBe(toDecimal(180));
  });

  it('per tonne: the gross weight in tonnes ("USD 25,00/ton" on 300 kg = US$ 7,50)', () => {
    const lcl = measures({ modal: 'LCL', pesoKg: toDecimal(300), volumeM3: toDecimal(1.2) });
    expect(chargeQuantity('TON', lcl)).toMatchObject({ base: 'tonelada', quantidade: toDecimal(0.3) });
    expect(sum([fee('HANDLING', 25, 'USD', 'TON')], lcl).USD).toBe('7.50');
    expect(chargeQuantity('TON', { ...lcl, pesoKg: null })).toMatchObject({
      quantidade: null,
      falta: 'peso',
    });
    expect(
      chargeLineText({ valor: 25, moeda: 'USD', quantidade: 0.3, base: 'tonelada', valorTotal: 7.5 }),
    ).toBe('0,3 t × US$ 25,00 = US$ 7,50');
  });

  it('a freight raised to its minimum says the product and the minimum ("1,2 W/M × US$ 39,00 = US$ 46,80 (mínimo US$ 78,00 aplicado)")', () => {
    const lcl = measures({ modal: 'LCL', pesoKg: toDecimal(300), volumeM3: toDecimal(1.2) });
    const freight: FreightLine = {
      tipo: 'WM',
      valor: 39,
      moeda: 'USD',
      campo: null,
      fonte: null,
      confianca: 0.9,
      quantidade: 0,
      minimo: 78,
    };
    const count = countFreight([freight], [], 1, lcl);
    expect(count.lines[0]).toMatchObject({ quantidade: 1.2, minimoAplicado: true });
    expect(text(count.porMoeda.USD)).toBe('78.00');
    expect(
      chargeLineText({
        valor: 39,
        moeda: 'USD',
        quantidade: 1.2,
        base: 'wm',
        valorTotal: 78,
        minimoAplicado: true,
      }),
    ).toBe('1,2 W/M × US$ 39,00 = US$ 46,80 (mínimo US$ 78,00 aplicado)');
  });
});

describe('a row without a counted price says why (QA pass 7)', () => {
  it('a freight quoted per m³ on a quote without cubagem: which measure is missing, not "Frete não informado"', () => {
    const fretes = [{ valor: 38 }];
    expect(
      unpricedText({
        extracao: 'concluida',
        fretes,
        quantidadesDesconhecidas: ['M3: cubagem (m³) não informada'],
      }),
    ).toBe('Total não calculado: M3: cubagem (m³) não informada');
    expect(unpricedText({ extracao: 'concluida', fretes: [] })).toBe('Frete não informado');
    expect(unpricedText({ extracao: 'pendente', fretes })).toBe('Em extração');
  });
});
