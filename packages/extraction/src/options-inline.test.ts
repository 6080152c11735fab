import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';

/*
 * Options written with their figures on the option's own line ("Opção 2: COSCO USD 2.750/40HC, 38 dias"),
 * one per line or all in one sentence (QA pass, high): the reply's figures are the recommended option's,
 * else the first's; the other option's figures are read neither as freight nor as fees.
 */
const mail = (body: string[]) =>
  toCorpusFormat(
    extractFromText(
      [
        'Subject: RE: cotação Shanghai x Santos',
        'From: pricing@forwarder.example',
        'Date: Tue, 1 Dec 2026 09:00:00 -0300',
        '',
        ...body,
        '',
        'Atenciosamente,',
        'Bruna',
      ].join('\n'),
    ),
  );
const frete = (r: ReturnType<typeof mail>) => r.frete.map((f) => [f.unidade, f.valor]);
const taxas = (r: ReturnType<typeof mail>) => r.taxas.map((t) => [t.nome, t.unidade, t.valor]);

function expectOption(
  r: ReturnType<typeof mail>,
  carrier: string,
  freight: number,
  days: number,
  fees: unknown[] = [],
) {
  expect(r.armador).toBe(carrier);
  expect(frete(r)).toEqual([['40HC', freight]]);
  expect(r.transit_time_dias).toEqual({ min: days, max: days });
  expect(taxas(r)).toEqual(fees);
}

describe('options written inline, each with its figures on its own header', () => {
  it('one sentence with two options and "Sugerimos a opção 2" reads option 2', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias. Sugerimos a opção 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('one option per line, then "Sugerimos a opção 2", reads option 2', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias',
      'Opção 2: COSCO USD 2.750/40HC, 38 dias',
      'Sugerimos a opção 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('without a recommendation the first option is read, in either form', () => {
    const oneLine = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias.',
    ]);
    expectOption(oneLine, 'MSC', 2900, 35);
    const perLine = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias',
      'Opção 2: COSCO USD 2.750/40HC, 38 dias',
    ]);
    expectOption(perLine, 'MSC', 2900, 35);
  });

  it('English: "Option 1: … Option 2: … We recommend option 2"', () => {
    const r = mail([
      'Hi Bruna,',
      '',
      'Option 1: MSC USD 2,900/40HC, 35 days. Option 2: COSCO USD 2,750/40HC, 38 days. We recommend option 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('Spanish, one per line: "Opción 1: … Opción 2: … Recomendamos la opción 2"', () => {
    const r = mail([
      'Estimada Bruna,',
      '',
      'Opción 1: MSC USD 2.900/40HC, 35 días',
      'Opción 2: COSCO USD 2.750/40HC, 38 días',
      'Recomendamos la opción 2.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('lettered options ("Opção A/B") with "Sugerimos a opção B"', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção A: MSC USD 2.900/40HC, 35 dias. Opção B: COSCO USD 2.750/40HC, 38 dias.',
      '',
      'Sugerimos a opção B pelo frete menor.',
    ]);
    expectOption(r, 'COSCO', 2750, 38);
  });

  it('an option marked recommended in its own words is read; the shared fee line still counts', () => {
    const r = mail([
      'Bom dia,',
      '',
      'Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO USD 2.750/40HC, 38 dias (recomendada).',
      'BL fee: USD 80,00 por BL',
    ]);
    expectOption(r, 'COSCO', 2750, 38, [['BL FEE', 'BL', 80]]);
  });
});
