import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { evaluateCorpus } from './eval.js';
import { extractFromText } from './extract-text.js';
import { findAmounts } from './normalise/money.js';
import { accuracyAtOrAbove, reliabilityTable } from './scoring/calibration.js';

const here = dirname(fileURLToPath(import.meta.url));
const header = (date: string) =>
  `Assunto: Cotação\nDe: Ana Souza <ana@marazulcargo.com.br>\nPara: compras@cliente.com.br\nData: ${date}\n\n`;
const read = (body: string, date = '10/11/2026 10:00') =>
  toCorpusFormat(extractFromText(header(date) + body));

describe('issue 32: forwarder shorthand and qualifiers', () => {
  it('reads chat shorthand: POL/POD on one line, O/F, tt/ft, val', () => {
    const c = read(
      'POL: Shanghai / POD: Santos\nO/F usd 2.350,00 /40hc - MSC\ntt 45 dias, ft 7 dias\nval 30/11\n',
    );
    expect([c.porto_origem, c.porto_destino]).toEqual(['Shanghai', ['Santos']]);
    expect(c.frete.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2350]]);
    expect(c.transit_time_dias).toEqual({ min: 45, max: 45 });
    expect(c.free_time_dias).toBe(7);
    expect(c.validade).toBe('2026-11-30');
  });

  it('reads "F/T", "dd" for days and "Vald."', () => {
    const c = read('Frete 40HC: USD 2.100,00\nTT: 40 dd | FT: 10 dd\nVald.: 15/12/2026\n');
    expect(c.transit_time_dias).toEqual({ min: 40, max: 40 });
    expect(c.free_time_dias).toBe(10);
    expect(c.validade).toBe('2026-12-15');
    expect(read('Frete 40 ft HC: USD 2.000,00\n').free_time_dias).toBeNull();
  });

  it('takes the destination figure of an origin/destination free time', () => {
    expect(read('Frete 20DC: USD 1.350,00\nDías libres en origen: 5 / en destino: 14\n').free_time_dias).toBe(
      14,
    );
    expect(
      read('Frete 20DC: USD 1.350,00\nFree time: 7 dias na origem e 21 dias no destino\n').free_time_dias,
    ).toBe(21);
    expect(
      read('Frete 20DC: USD 1.350,00\nFree time: 10 dias de demurrage e 14 de detention no destino\n')
        .free_time_dias,
    ).toBe(10);
  });

  it('reads a free time of detention and demurrage combined (the QA pass)', () => {
    for (const line of [
      'Free time: 14 dias de detention e demurrage combinados',
      'Free time: 14 days combined detention/demurrage',
    ])
      expect(read(`Frete 40HC: USD 2.000,00\n${line}\n`).free_time_dias).toBe(14);
    expect(read('Frete 40HC: USD 2.000,00\nFree time: 7 dias detention\n').free_time_dias).toBeNull();
  });

  it('reads validity at the end of next month from the message date', () => {
    expect(read('Frete 40HC: USD 2.600,00\nValid until end of next month\n', '20/11/2026').validade).toBe(
      '2026-12-31',
    );
    expect(
      read('Frete 40HC: USD 2.600,00\nValidade: até o final do próximo mês\n', '10/12/2026').validade,
    ).toBe('2027-01-31');
    expect(read('Frete 40HC: USD 2.600,00\nValidade: até o fim do mês\n', '10/12/2026').validade).toBe(
      '2026-12-31',
    );
  });

  it('reads "USD 2.3k" as thousands', () => {
    expect(findAmounts('USD 2.3k').map((a) => a.value)).toEqual([2300]);
    expect(findAmounts('1.75k USD').map((a) => a.value)).toEqual([1750]);
    expect(findAmounts('USD 50 kg').map((a) => a.value)).toEqual([50]);
  });
});

describe('issue 32: all in, per-destination sentences, inline answers, superseded offers', () => {
  it('keeps the base freight and its surcharges; the all-in figure is a check', () => {
    const lines = read('Frete básico: USD 1.900,00/40HC\nBAF: USD 250,00/40HC\nAll in: USD 2.150,00/40HC\n');
    expect(lines.frete.map((f) => f.valor)).toEqual([1900]);
    expect(lines.taxas.map((t) => [t.nome, t.valor])).toEqual([['BAF', 250]]);
    const sum = read('O/F USD 1,600/20GP + BAF USD 180/cntr + PSS USD 200/cntr = USD 1,980 all in\n');
    expect(sum.frete.map((f) => f.valor)).toEqual([1600]);
    expect(sum.taxas.map((t) => [t.nome, t.valor, t.unidade])).toEqual([
      ['BAF', 180, 'CNTR'],
      ['PSS', 200, 'CNTR'],
    ]);
    // An all-in price alone is the freight.
    expect(read('Frete all in: USD 2.750,00/40HC\n').frete.map((f) => f.valor)).toEqual([2750]);
  });

  it('gives each value of a per-destination sentence its port', () => {
    const c = read(
      "Destinos: Santos e Itajaí\nFreight is USD 1,850.00 to Santos and USD 1,990.00 to Itajai per 20'GP.\n",
    );
    expect(c.frete.map((f) => [f.destino, f.valor])).toEqual([
      ['Santos', 1850],
      ['Itajaí', 1990],
    ]);
  });

  it('reads answers under questions that carry the importer target price, never the target', () => {
    const text = `${header('24/11/2026 10:15')}Respostas abaixo (R:).\n\nAna Souza\nMar Azul Cargo\n\n-----Mensagem original-----\nDe: Cliente <compras@cliente.com.br>\nEnviada em: 23 de novembro de 2026\nAssunto: Cotação\n\n1. Frete 2x20DC Qingdao - Itajaí (target USD 1.500,00/20DC)?\nR: USD 1.680,00/20DC, Evergreen\n2. Validade?\nR: 15/12/2026\n`;
    const c = toCorpusFormat(extractFromText(text));
    expect(c.frete.map((f) => [f.unidade, f.valor])).toEqual([['20DC', 1680]]);
    expect(c.validade).toBe('2026-12-15');
  });

  it('reads plain (once coloured) answers between quoted questions when the reply says so', () => {
    const text = `Subject: RE: inquiry\nFrom: Sophie Lam <sophie@harbourlink.hk>\nDate: Wed, 25 Nov 2026 10:30 +0800\n\nPlease see our answers in red below.\n\nSophie Lam\nHarbour Link Logistics Ltd.\n\nOn Tue, 24 Nov 2026, Renato <import@lojas.com.br> wrote:\n> Ocean freight 40HC Yantian - Santos (our budget: USD 2,000.00)?\nUSD 2,300.00 per 40HC, carrier ONE\n> Transit time?\n30 days direct\n> Thanks, Renato\n`;
    const c = toCorpusFormat(extractFromText(text));
    expect(c.frete.map((f) => f.valor)).toEqual([2300]);
    expect(c.transit_time_dias).toEqual({ min: 30, max: 30 });
  });

  it('reads an unlabelled chat line with its equipment as freight, below green', () => {
    const { final } = extractFromText(
      `${header('10/11/2026')}USD 2.450,00 por 40HC, armador MSC\nValidade 30/11/2026\n`,
    );
    expect(final.fretes.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2450]]);
    expect(final.fretes[0]?.confidence).toBeLessThan(0.8);
    expect(extractFromText(`${header('10/11/2026')}USD 150,00 de multa\n`).final.fretes).toEqual([]);
  });

  it('ends a transit value at "/ F/T" on the same line', () => {
    const c = read('Frete 20DC: USD 1.780,00\nT/T 38 dias / F/T 14 dias\n');
    expect(c.transit_time_dias).toEqual({ min: 38, max: 38 });
    expect(c.free_time_dias).toBe(14);
  });

  it('reads a new offer under "disregard our previous offer below", not the quoted one', () => {
    const text = `Subject: RE: rate\nFrom: Frank <frank@ncf.com>\nDate: Tue, 1 Dec 2026 10:00 +0800\n\nPlease disregard our previous offer below. New offer:\nO/F: USD 1,890.00/20GP\nValid until Dec 15, 2026\n\nFrank\n\nOn Mon, 23 Nov 2026, Frank wrote:\n> O/F: USD 2,100.00/20GP\n> BL fee: USD 60.00/BL\n`;
    const c = toCorpusFormat(extractFromText(text));
    expect(c.frete.map((f) => f.valor)).toEqual([1890]);
    expect(c.taxas).toEqual([]);
  });
});

describe('issue 32: calibration', () => {
  it('takes the green badge from contradicting freights and implausible container rates', () => {
    const { final } = extractFromText(
      `${header('10/11/2026')}Frete 40HC: USD 1.900,00\nRate 40HC: USD 2.450,00\n`,
    );
    expect(final.fretes.map((f) => f.confidence).every((c) => c < 0.8)).toBe(true);
    const cheap = extractFromText(`${header('10/11/2026')}Frete 40HC: USD 2,3\n`).final.fretes[0];
    expect(cheap?.needsReview).toBe(true);
  });

  const tuned = resolve(here, '../test/generalisation-3');
  it('scores the issue-32 tuning cases at >= 0.97 with every green value right', () => {
    if (!existsSync(tuned)) return;
    const evaluation = evaluateCorpus(tuned);
    expect(evaluation.cases.length).toBe(48);
    expect(evaluation.overall).toBeGreaterThanOrEqual(0.97);
    const green = accuracyAtOrAbove(evaluation.checks, 0.8);
    expect(green.accuracy).toBeGreaterThanOrEqual(0.97);
    const overall = reliabilityTable(evaluation.checks).find((r) => r.field === 'overall');
    expect(overall?.buckets.map((b) => b.label)).toEqual(['[0-0.5)', '[0.5-0.8)', '[0.8-1]']);
  });

  // Written with the tuning cases, never opened while the engine changed. 125 green values, all right:
  // the 95 % lower bound of the green accuracy is 0.976, so ">= 0.97" is what this split can say.
  const heldOut = resolve(here, '../test/generalisation-3-held-out');
  it('is calibrated on the held-out split: green values are right >= 97 % of the time', () => {
    if (!existsSync(heldOut)) return;
    const evaluation = evaluateCorpus(heldOut);
    // k01–k16, plus k17–k19 written (and committed) before the engine was run on them.
    expect(evaluation.cases.length).toBe(19);
    const green = accuracyAtOrAbove(evaluation.checks, 0.8);
    expect(green.count).toBeGreaterThanOrEqual(100);
    expect(green.accuracy).toBeGreaterThanOrEqual(0.97);
    for (const row of reliabilityTable(evaluation.checks)) {
      const bucket = row.buckets.find((b) => b.label === '[0.8-1]');
      // Per field the split is small (3 to 24 green values): no field may have a wrong green value.
      if (bucket !== undefined && bucket.count > 0 && row.field !== 'overall')
        expect(bucket.accuracy).toBe(1);
    }
    // A floor against regressions, below the measured 0.966 (1.000 after the k03/k06/k15 fixes).
    expect(evaluation.overall).toBeGreaterThanOrEqual(0.95);
  });
});

describe('issue 32: lower-case chat, excluded incoterms, fees named in parentheses', () => {
  it('reads a bare "of" as ocean freight below green, and "38d" as days up to the next inline label', () => {
    const c = read('pol xangai / pod santos\nof usd 2.100,00 40hc - one\ntt 41d ft 10d\nval 20/12\n');
    expect(c.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([['40HC', 2100, 'USD']]);
    expect(c.transit_time_dias).toEqual({ min: 41, max: 41 });
    expect(c.free_time_dias).toBe(10);
    const full = extractFromText(header('10/11/2026 10:00') + 'of usd 2.100,00 40hc\n');
    expect(full.final.fretes[0]?.confidence).toBeLessThan(0.8);
    // A sentence that only continues with "of" is not freight without a currency.
    expect(read('Frete 40HC: USD 2.000,00\nof 3 containers\n').frete.map((f) => f.valor)).toEqual([2000]);
  });

  it('does not take an incoterm that the reply excludes or does not quote', () => {
    expect(read('Frete 40HC: USD 2.000,00, FOB not included\n').incoterm).toBeNull();
    expect(read('Frete 40HC: USD 2.000,00\nNão trabalhamos com DAP/DDP.\n').incoterm).toBeNull();
    expect(read('Frete 40HC: USD 2.000,00, FOB Shanghai\n').incoterm).toBe('FOB');
  });

  it('names a fee by a known fee word in parentheses when its label names none, below green', () => {
    const full = extractFromText(
      header('10/11/2026 10:00') +
        'Frete 20DC: USD 1.500,00\nDespesas locais: R$ 300,00 por BL (lacre)\nCustos extras: USD 40,00 (per BL)\n',
    );
    const fees = full.final.taxas?.itens ?? [];
    expect(fees.map((f) => f.nome)).toEqual(['LACRE', 'CUSTOS EXTRAS']);
    expect(fees[0]?.confidence).toBeLessThan(0.8);
  });
});
