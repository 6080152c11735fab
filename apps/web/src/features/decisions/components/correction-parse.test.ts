import {
  correctionDisplayText,
  correctionInputText,
  parseCorrection,
  parsePtBrDate,
  parsePtBrNumber,
  unitOptions,
} from './correction-parse';

describe('pt-BR numbers typed in a correction', () => {
  it.each([
    ['1.250,00', 1250],
    ['1250,5', 1250.5],
    ['1.250', 1250],
    ['1.234.567,89', 1_234_567.89],
    ['12,5', 12.5],
    ['0,99', 0.99],
    ['1250', 1250],
    ['1250.50', 1250.5],
    ['1,250.50', 1250.5],
    ['R$ 1.350,00', 1350],
    ['US$ 75', 75],
    ['USD 2.950,00', 2950],
    [' 32 ', 32],
  ])('reads %s as %d', (text, expected) => {
    expect(parsePtBrNumber(text)).toBe(expected);
  });

  it.each(['abc', '1,2,3', '12.34.5', '-5', '1.25,0.0', '', '1 250,00x'])('refuses %j', (text) => {
    expect(parsePtBrNumber(text)).toBeNull();
  });
});

describe('dates typed in a correction', () => {
  it('reads dd/mm/aaaa and aaaa-mm-dd, only real calendar dates', () => {
    expect(parsePtBrDate('30/12/2026')).toBe('2026-12-30');
    expect(parsePtBrDate('5/1/2027')).toBe('2027-01-05');
    expect(parsePtBrDate('2026-12-30')).toBe('2026-12-30');
    expect(parsePtBrDate('31/02/2026')).toBeNull();
    expect(parsePtBrDate('12/30/2026')).toBeNull();
    expect(parsePtBrDate('amanhã')).toBeNull();
  });
});

describe('the correction body from what was typed', () => {
  it('turns a freight or fee value into a number rounded to cents', () => {
    expect(parseCorrection('fretes.0.valor', '1.250,00')).toEqual({ ok: true, valor: 1250 });
    expect(parseCorrection('taxas.itens.2.valor', '75,555')).toEqual({ ok: true, valor: 75.56 });
    expect(parseCorrection('preco_por_container_40', 'muito')).toEqual({
      ok: false,
      message: 'Informe um número válido (ex.: 1.250,00).',
    });
  });

  it('wants whole days from 0 to 365', () => {
    expect(parseCorrection('transit_time_dias', '32')).toEqual({ ok: true, valor: 32 });
    expect(parseCorrection('free_time_destino_dias', '14,5')).toEqual({
      ok: false,
      message: 'Informe um número inteiro de dias (0 a 365).',
    });
    expect(parseCorrection('transit_time_dias', '400').ok).toBe(false);
  });

  it('reads dates and currencies', () => {
    expect(parseCorrection('validadeProposta', '30/12/2026')).toEqual({ ok: true, valor: '2026-12-30' });
    expect(parseCorrection('validadeProposta', '31/13/2026')).toEqual({
      ok: false,
      message: 'Informe uma data válida.',
    });
    expect(parseCorrection('fretes.1.moeda', 'r$')).toEqual({ ok: true, valor: 'BRL' });
    expect(parseCorrection('fretes.1.moeda', 'yen')).toEqual({
      ok: false,
      message: 'Moeda inválida. Use USD, BRL ou EUR.',
    });
  });

  it("takes a freight's unit or a fee's basis only from its own list, never empty (ADR 0101)", () => {
    expect(parseCorrection('fretes.0.unidade', '40hc')).toEqual({ ok: true, valor: '40HC' });
    expect(parseCorrection('taxas.itens.2.unidade', 'BL')).toEqual({ ok: true, valor: 'BL' });
    for (const [campo, text] of [
      ['fretes.0.unidade', 'CNTR'],
      ['taxas.itens.2.unidade', '40HC'],
      ['taxas.itens.2.unidade', ''],
    ] as const)
      expect(parseCorrection(campo, text)).toEqual({ ok: false, message: 'Unidade inválida.' });
    expect(unitOptions('fretes.0.unidade').slice(8, 11)).toEqual([
      { value: '40FR', label: '40FR' },
      { value: 'KG', label: 'por kg' },
      { value: 'M3', label: 'por m³' },
    ]);
    expect(unitOptions('taxas.itens.0.unidade')[0]).toEqual({ value: 'CNTR', label: 'por contêiner' });
  });

  it('clears the value when the input is left empty', () => {
    expect(parseCorrection('transit_time_dias', '   ')).toEqual({ ok: true, valor: null });
  });

  it('starts the input from the value in pt-BR', () => {
    expect(correctionInputText('fretes.0.valor', 1850)).toBe('1.850,00');
    expect(correctionInputText('transit_time_dias', 32)).toBe('32');
    expect(correctionInputText('validadeProposta', '2026-12-30')).toBe('30/12/2026');
    expect(correctionInputText('fretes.0.valor', null)).toBe('');
  });

  it("says a corrected unit's original value in words ('valor extraído: por BL', not 'BL')", () => {
    expect(correctionDisplayText('taxas.itens.3.unidade', 'BL')).toBe('por BL');
    expect(correctionDisplayText('fretes.0.unidade', '40HC')).toBe('40HC');
    expect(correctionDisplayText('fretes.0.valor', 1850)).toBe('1.850,00');
  });
});
