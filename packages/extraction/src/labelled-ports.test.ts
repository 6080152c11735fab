import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * Ports written with a discharge label or as a route from abroad on the price line (QA pass 4): "POD
 * Santos: USD 2.300/40HC" was read as a fee named "POD" (no freight at all), and "Ningbo - Santos: …" priced
 * the origin, Ningbo, as the destination; under "Please find our offer Shanghai to Brazil:" (read as a heading of
 * destination charges) every port's freight was a fee named after the port.
 */
const final = (lines: string[]) =>
  extractFromText(['Dear Ana,', '', ...lines, '', 'Best regards,', 'Mark'].join('\n')).final;
const freights = (f: ReturnType<typeof final>) => f.fretes.map((x) => [x.destino, x.unidade, x.valor]);
const transits = (f: ReturnType<typeof final>) =>
  f.destinos.map((d) => [d.nome, (d as { transit_time_dias?: number }).transit_time_dias ?? null]);

describe('a price line that names its port of discharge', () => {
  it('"POD Santos: USD 2.300/40HC, transit 32 days": each port its freight and transit, no fee', () => {
    const f = final([
      // A route to the country opening the offer is no heading of destination charges.
      'Please find our offer Shanghai to Brazil:',
      '',
      'POD Santos: USD 2.300/40HC, transit 32 days',
      'POD Paranagua: USD 2.000/40HC, transit 36 days',
      '',
      'THC BRL 1.450 per container',
      'BL fee USD 75 per BL',
    ]);
    expect(freights(f)).toEqual([
      ['Santos', '40HC', 2300],
      ['Paranaguá', '40HC', 2000],
    ]);
    expect(transits(f)).toEqual([
      ['Santos', 32],
      ['Paranaguá', 36],
    ]);
    expect(f.taxas.itens.map((t) => [t.nome, t.valor])).toEqual([
      ['THC', 1450],
      ['BL FEE', 75],
    ]);
  });

  it('"POL Ningbo / POD Paranaguá", "Destino Santos" and "POD Itajai" without a colon', () => {
    expect(
      freights(
        final([
          'POL Ningbo / POD Santos: USD 2.300/40HC, 32 days',
          'POL Ningbo / POD Paranaguá: USD 2.000/40HC, 35 days',
        ]),
      ),
    ).toEqual([
      ['Santos', '40HC', 2300],
      ['Paranaguá', '40HC', 2000],
    ]);
    expect(
      freights(final(['Destino Santos: USD 2.300 por 40HC', 'Destino Paranaguá: USD 2.000 por 40HC'])),
    ).toEqual([
      ['Santos', '40HC', 2300],
      ['Paranaguá', '40HC', 2000],
    ]);
    expect(freights(final(['POD Santos USD 2.300/40HC', 'POD Itajai USD 2.100/40HC']))).toEqual([
      ['Santos', '40HC', 2300],
      ['Itajaí', '40HC', 2100],
    ]);
  });

  it('"Ningbo - Santos: …" is priced for Santos, with its own transit', () => {
    const f = final([
      'Ningbo - Santos: USD 2.300/40HC, transit 32 days',
      'Ningbo - Paranagua: USD 2.000/40HC, transit 36 days',
    ]);
    expect(freights(f)).toEqual([
      ['Santos', '40HC', 2300],
      ['Paranaguá', '40HC', 2000],
    ]);
    expect(transits(f)).toEqual([
      ['Santos', 32],
      ['Paranaguá', 36],
    ]);
  });
});

describe('what a QA pass wrote as a forwarder (pass 4)', () => {
  it('"Shanghai x Santos - 40HC: USD 2.300 all in": each route its port, freight and transit', () => {
    const f = final([
      'Shanghai x Santos - 40HC: USD 2.300 all in, transit time 34 dias',
      'Shanghai x Paranaguá - 40HC: USD 2.200 all in, transit time 38 dias',
      'Taxas no destino: THC R$ 1.450 por contêiner; BL fee USD 75 per BL.',
    ]);
    expect(freights(f)).toEqual([
      ['Santos', '40HC', 2300],
      ['Paranaguá', '40HC', 2200],
    ]);
    expect(transits(f)).toEqual([
      ['Santos', 34],
      ['Paranaguá', 38],
    ]);
  });

  it('a revision offering a price in a sentence is freight, not a fee named "Conseguimos", nor nothing', () => {
    const pt = final(['Conseguimos USD 1.500/20GP e USD 2.250/40HC. Demais condições mantidas.']);
    expect(freights(pt)).toEqual([
      [null, '20DC', 1500],
      [null, '40HC', 2250],
    ]);
    expect(pt.taxas.itens).toEqual([]);
    expect(pt.condicoesMantidas?.text).toMatch(/Demais condições mantidas/);
    expect(freights(final(['can do USD 2.100/40HC now.']))).toEqual([[null, '40HC', 2100]]);
    expect(freights(final(['We can do USD 1,950/40HC and USD 1,300/20GP']))).toEqual([
      [null, '40HC', 1950],
      [null, '20DC', 1300],
    ]);
    // Below green: the sentence is no label, so the analyst is asked to look.
    expect(Math.max(...pt.fretes.map((x) => x.confidence))).toBeLessThan(0.8);
  });

  it('two ranges on one line are each budgeted at their upper end, also before "subject to"', () => {
    const f = final(['O/F 20GP USD 1.500 - 1.700, 40HC USD 2.200 - 2.400, subject to GRI on 15/12']);
    expect(freights(f)).toEqual([
      [null, '20DC', 1700],
      [null, '40HC', 2400],
    ]);
  });
});

describe('what a QA pass wrote as a forwarder (pass 5)', () => {
  it('"Complementando nossa proposta: USD 1.700/20GP …" is freight, and the rest of the offer stands', () => {
    const f = final(['Complementando nossa proposta: USD 1.700/20GP para Santos e Paranaguá.']);
    expect(freights(f)).toEqual([[null, '20DC', 1700]]);
    expect(f.taxas.itens).toEqual([]);
    expect(f.condicoesMantidas?.text).toMatch(/^Complementando nossa proposta/);
  });
});
