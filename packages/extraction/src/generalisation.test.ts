import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { evaluateCorpus } from './eval.js';
import { extractFromText } from './extract-text.js';
import { accuracyAtOrAbove } from './scoring/calibration.js';

const here = dirname(fileURLToPath(import.meta.url));
const ownCases = ['generalisation', 'generalisation-2', 'generalisation-2-held-out'].map((d) =>
  resolve(here, '../test', d),
);
const header = (date: string) =>
  `Assunto: Cotação\nDe: Ana Souza <ana@marazulcargo.com.br>\nPara: compras@cliente.com.br\nData: ${date}\n\n`;

describe('layouts of issue 17', () => {
  it('reads answers written inside the quoted request, joined to their questions', () => {
    const text = `${header('10/11/2026 10:00')}Bom dia, respostas abaixo em linha (>>>).\n\nAna Souza\nMar Azul Cargo Ltda.\n\n-----Mensagem original-----\nDe: Cliente <compras@cliente.com.br>\nEnviada em: 9 de novembro de 2026\nAssunto: Cotação\n\n1) Frete 40HC Ningbo x Santos?\n>>> USD 2.500,00 - MSC\n2) Validade?\n>>> 30/11/2026\n3) Taxas locais?\n>>> THC R$ 1.500,00 por contêiner\nValor da mercadoria: USD 50.000,00\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.frete.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2500]]);
    expect(corpus.validade).toBe('2026-11-30');
    expect(corpus.taxas.map((t) => [t.nome, t.valor, t.unidade])).toEqual([['THC', 1500, 'CNTR']]);
    expect(corpus.transportador).toBe('Mar Azul Cargo');
  });

  it('does not read a quoted request as answers when nothing marks answers', () => {
    const text = `${header('10/11/2026 10:00')}Bom dia, vamos verificar e retornamos.\n\nAna Souza\n\nEm 09/11/2026 09:00, Cliente escreveu:\n> Frete 40HC Ningbo x Santos?\n>> Proposta antiga: USD 2.500,00\n`;
    expect(extractFromText(text).final.fretes).toEqual([]);
  });

  it('keeps an older quoted offer quoted when the reply only says "em linha com" (not inline answers)', () => {
    const text = `${header('10/11/2026 10:00')}Bom dia, em linha com o solicitado, seguimos verificando.\n\nAna Souza\n\nEm 09/11/2026 09:00, Cliente escreveu:\n> Podem melhorar?\n>> Frete 40HC: USD 2.500,00\n>> Validade: 30/11/2026\n`;
    const result = extractFromText(text);
    expect(result.final.fretes).toEqual([]);
    expect(result.final.validadeProposta).toBeNull();
  });

  it('ignores a section marked expired or for reference only', () => {
    const text = `${header('10/11/2026 10:00')}TARIFA ANTERIOR (vencida) - somente para referência\nFrete 40HC: USD 3.100,00\n\nTARIFA VIGENTE (até 31/12/2026)\nFrete 40HC: USD 2.700,00\n\nTransit time 35 dias.\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.frete.map((f) => f.valor)).toEqual([2700]);
    expect(corpus.validade).toBe('2026-12-31');
    expect(corpus.transit_time_dias).toEqual({ min: 35, max: 35 });
  });

  it('does not take a field that mentions an expired tariff for an expired heading', () => {
    const text = `${header('10/11/2026 10:00')}Validade: 31/12/2026 (a tarifa anterior está vencida)\nFrete 40HC: USD 2.700,00\nTHC: R$ 1.500,00 por contêiner\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.frete.map((f) => f.valor)).toEqual([2700]);
    expect(corpus.taxas.map((t) => t.valor)).toEqual([1500]);
    expect(corpus.validade).toBe('2026-12-31');
  });

  it('gives each value of a per-destination line its destination and the shared basis', () => {
    const text = `${header('10/11/2026 10:00')}Frete 40HC: USD 2.800,00\nTHC R$ 1.640,00 (Santos) / R$ 1.510,00 (Paranaguá) por contêiner\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.porto_destino).toEqual(['Santos', 'Paranaguá']);
    expect(corpus.taxas.map((t) => [t.destino, t.valor, t.unidade])).toEqual([
      ['Santos', 1640, 'CNTR'],
      ['Paranaguá', 1510, 'CNTR'],
    ]);
  });

  it('flags values below 0.5 for review and says so in pt-BR', () => {
    const text = `${header('10/11/2026 10:00')}Frete 40HC: USD 2.800,00\nCertificado fitossanitário: USD 40,00\n`;
    const result = extractFromText(text);
    const odd = result.final.taxas.itens.find((t) => t.valor === 40);
    expect(odd?.confidence).toBeLessThan(0.5);
    expect(odd?.needsReview).toBe(true);
    expect(result.final.fretes[0]?.needsReview).toBeUndefined();
    expect(result.final.reason).toMatch(/confiança abaixo de 0,5, revisar: .*taxa/);
  });
});

describe('generalisation and calibration on the package’s own cases', () => {
  const evaluations = ownCases.filter((d) => existsSync(d)).map((d) => ({ dir: d, ...evaluateCorpus(d) }));

  it('scores the issue-17 cases at >= 0.97 overall', () => {
    const second = evaluations.find((e) => e.dir.endsWith('generalisation-2'));
    expect(second?.cases.length).toBeGreaterThanOrEqual(50);
    expect(second?.overall).toBeGreaterThanOrEqual(0.97);
    expect(second?.minimum).toBeGreaterThanOrEqual(0.6);
  });

  it('is calibrated: values at >= 0.8 are right >= 97 % of the time; values below 0.5 are flagged', () => {
    const checks = evaluations.flatMap((e) => e.checks);
    expect(checks.length).toBeGreaterThan(1000);
    const high = accuracyAtOrAbove(checks, 0.8);
    expect(high.count).toBeGreaterThan(800);
    expect(high.accuracy).toBeGreaterThanOrEqual(0.97);
    // Every value's confidence is a probability, and the review flag follows the 0.5 threshold.
    for (const c of checks) expect(c.confidence).toBeGreaterThanOrEqual(0);
    for (const c of checks) expect(c.confidence).toBeLessThanOrEqual(1);
  });

  it('marks exactly the values below 0.5 as needing review', () => {
    for (const { dir, cases } of evaluations) {
      for (const { id } of cases) {
        const text = readFileSync(resolve(dir, `${id}.txt`), 'utf8');
        const { final } = extractFromText(text);
        const values = [...final.fretes, ...final.taxas.itens, ...Object.values(final.evidence)];
        for (const value of values) expect(value.needsReview === true).toBe(value.confidence < 0.5);
      }
    }
  });
});
