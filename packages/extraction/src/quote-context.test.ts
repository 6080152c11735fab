import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * What the quote a reply answers tells the engine (ADR 0024 addendum): a revision writes "frete USD 1.900
 * por contêiner" without repeating the type the quote asked.
 */
const REVISION = [
  'Prezados,',
  '',
  'Conseguimos melhorar o frete para USD 1.900,00 por contêiner.',
  'Demais condições sem alteração.',
  '',
  'Att,',
  'Atlântica',
].join('\n');
const freights = (text: string, containers?: string[]) =>
  extractFromText(text, containers ? { containers } : {}).final.fretes.map((f) => [f.unidade, f.valor]);

describe("the quote's containers (ExtractTextOptions.containers)", () => {
  it('prices a freight "por contêiner" for the only type the quote asks', () => {
    expect(freights(REVISION, ['40HC'])).toEqual([['40HC', 1900]]);
  });

  it('prices it for each type asked when the quote asks two, to be checked ("Verificar": below 0.5)', () => {
    expect(freights(REVISION, ['40HC', '20DC'])).toEqual([
      ['40HC', 1900],
      ['20DC', 1900],
    ]);
    const confidences = extractFromText(REVISION, { containers: ['40HC', '20DC'] }).final.fretes.map(
      (f) => f.confidence,
    );
    expect(confidences.every((c) => c < 0.5)).toBe(true);
    expect(
      extractFromText(REVISION, { containers: ['40HC'] }).final.fretes[0]!.confidence,
    ).toBeGreaterThanOrEqual(0.5);
  });

  it('reads a bare size as the quote writes it ("40\'": dry and high cube)', () => {
    expect(freights(REVISION, ['40'])).toEqual([
      ['40DC', 1900],
      ['40HC', 1900],
    ]);
  });

  it("keeps a type the reply names over the quote's", () => {
    const text = REVISION.replace('por contêiner', 'por contêiner 20DV');
    expect(freights(text, ['40HC'])).toEqual([['20DC', 1900]]);
  });

  it('a freight without any unit takes the only type asked, not two', () => {
    const text = 'Prezados,\n\nFrete marítimo: USD 2.100,00\nTransit time: 30 dias\n\nAtt,\nBeta';
    expect(freights(text, ['40HC'])).toEqual([['40HC', 2100]]);
    expect(freights(text, ['40HC', '20DC'])).toEqual([['BL', 2100]]);
  });

  it('without the quote, nothing is guessed (as before)', () => {
    expect(freights(REVISION)).toEqual([['BL', 1900]]);
  });
});

describe('a revision that says the rest still applies (final.condicoesMantidas)', () => {
  it('names the line that says so', () => {
    expect(extractFromText(REVISION).final.condicoesMantidas).toEqual({
      line: 4,
      text: 'Demais condições sem alteração.',
      origin: 'body',
    });
    const english =
      'Hello,\n\nWe can offer USD 1,850 per 40HC.\nAll other terms remain unchanged.\n\nRegards';
    expect(extractFromText(english).final.condicoesMantidas?.text).toBe('All other terms remain unchanged.');
  });

  it('is absent from a reply that does not say so', () => {
    const first =
      'Prezados,\n\nFrete 40HC: USD 2.000,00\nTHC: R$ 1.300,00 por contêiner\nTransit time: 40 dias\n\nAtt,';
    expect(extractFromText(first).final.condicoesMantidas).toBeUndefined();
  });
});

describe('what says the rest still applies', () => {
  it.each([
    ['Frete 40HC: USD 2.800,00 — demais taxas sem alteração', true],
    ['Local charges: sem alteração (THC BRL 1,450.00/cntr)', true],
    ['Other charges remain unchanged.', true],
    ['Demais condições conforme proposta anterior.', true],
    ['Free time: 14 dias (mantidos)', false],
    ['Frete sem alteração', false],
    ['Demais condições: conforme abaixo', false],
  ])('%s → %s', (line, kept) => {
    const text = `Prezados,\n\nFrete 40HC: USD 1.900,00\n${line}\n\nAtt,`;
    expect(extractFromText(text).final.condicoesMantidas !== undefined).toBe(kept);
  });
});

describe('a revision that names its port in the sentence before its prices (ADR 0024 addendum)', () => {
  const ports = (text: string) =>
    extractFromText(text, { containers: ['40HC', '20DV'] }).final.destinos.map((d) => d.nome);
  it.each([
    [
      'Nova opção com destino Navegantes: 40HC USD 1.700,00 / 20DV USD 1.100,00. Demais condições sem alteração.',
      'Navegantes',
    ],
    [
      'Podemos oferecer uma alternativa via Navegantes: 40HC USD 1.700,00. Demais condições sem alteração.',
      'Navegantes',
    ],
    [
      'Conseguimos melhorar para Santos: 40HC USD 1.650,00 (antes USD 1.800,00). Demais condições mantidas.',
      'Santos',
    ],
  ])('%s → %s', (line, port) => {
    expect(ports(`Prezados,\n\n${line}\n\nAtt,\nPricing`)).toEqual([port]);
  });

  it('a port abroad after "via" is a transshipment, not the destination', () => {
    const final = extractFromText('Prezados,\n\nNova rota via Busan: 40HC USD 1.700,00.\n\nAtt', {
      containers: ['40HC'],
    }).final;
    expect(final.destinos).toEqual([]);
  });
});
