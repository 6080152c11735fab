import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';

const header = (date: string) =>
  `Assunto: Cotação\nDe: Ana Souza <ana@marazulcargo.com.br>\nPara: compras@cliente.com.br\nData: ${date}\n\n`;

describe('extractFromText', () => {
  it('ignores TOTAL lines and keeps provenance and confidence on every value', () => {
    const text = `${header('10/11/2026 10:00')}Frete 40HC: USD 2.900,00\nTHC: R$ 1.500,00 por contêiner\nTOTAL: USD 2.900,00 + R$ 1.500,00\n\nAtt,\nAna Souza\nMar Azul Cargo Ltda`;
    const result = extractFromText(text);
    expect(result.final.fretes.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2900]]);
    expect(result.final.taxas.itens.map((t) => [t.nome, t.valor, t.unidade])).toEqual([
      ['THC', 1500, 'CNTR'],
    ]);
    expect(result.final.fretes[0]?.source).toMatchObject({ line: 6, origin: 'body' });
    expect(result.final.taxas.itens[0]?.confidence).toBeGreaterThan(0.5);
    expect(result.final.transportador).toBe('Mar Azul Cargo');
    expect(result.final.evidence.transportador?.source?.line).toBe(12);
    expect(result.final.preco_por_container_40).toBe(2900);
  });

  it('extracts the recommended alternative, with fees stated for all options', () => {
    const text = `${header('10/11/2026 10:00')}Opção 1 – CMA CGM\nFrete 40HC: USD 2.700,00\nTT: 45 dias via Singapura\n\nOpção 2 – Maersk (recomendada)\nFrete 40HC: USD 2.950,00\nTT: 32 dias\n\nPara ambas as opções:\nBL fee: USD 90,00/BL\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.armador).toBe('Maersk');
    expect(corpus.frete.map((f) => f.valor)).toEqual([2950]);
    expect(corpus.transit_time_dias).toEqual({ min: 32, max: 32 });
    expect(corpus.porto_transbordo).toBeNull();
    expect(corpus.taxas.map((t) => t.nome)).toEqual(['BL FEE']);
  });

  it('reads the fees a revision restates inline after "sem alteração" (issue 30)', () => {
    const text = `${header('12/11/2026 09:00')}Please find our revised offer:\n\nOcean freight 40HC: USD 2,650.00\nLocal charges: sem alteração (THC BRL 1,450.00/cntr, Doc fee USD 50.00/BL, ISPS USD 15.00/cntr)\nTransit time: 32 days\n`;
    const result = extractFromText(text);
    expect(result.final.fretes.map((f) => [f.unidade, f.valor])).toEqual([['40HC', 2650]]);
    expect(result.final.taxas.itens.map((t) => [t.nome, t.valor, t.moeda, t.unidade])).toEqual([
      ['THC', 1450, 'BRL', 'CNTR'],
      ['DOC FEE', 50, 'USD', 'BL'],
      ['ISPS', 15, 'USD', 'CNTR'],
    ]);
  });

  it('reads transit and free time per destination (issue 30)', () => {
    const perLine = `${header('12/11/2026 09:00')}Segue proposta 40HC Shanghai:\n\nNavegantes: frete USD 1.390,00, THC R$ 1.300,00/cntr, 45 dias\nItapoá: frete USD 1.350,00, THC R$ 1.250,00/cntr, 43 dias\n`;
    expect(extractFromText(perLine).final.destinos.map((d) => [d.nome, d.transit_time_dias])).toEqual([
      ['Navegantes', 45],
      ['Itapoá', 43],
    ]);
    const perColumn = `${header('12/11/2026 09:00')}Frete 40HC: Santos USD 3.050,00 / Itajaí USD 2.900,00\nTransit time: Santos 33 dias, Itajaí 36 dias\nFree time: Santos 14 dias / Itajaí 21 dias\n`;
    expect(
      extractFromText(perColumn).final.destinos.map((d) => [d.nome, d.transit_time_dias, d.free_time_dias]),
    ).toEqual([
      ['Santos', 33, 14],
      ['Itajaí', 36, 21],
    ]);
  });

  it('keeps the minimum of a fee ("Seguro 0,3% … min USD 50")', () => {
    const text = `${header('12/11/2026 09:00')}Frete 40HC: USD 2.950,00\nSeguro 0,3% sobre o valor da mercadoria (min USD 50,00)\n`;
    const seguro = extractFromText(text).final.taxas.itens.find((t) => t.nome === 'SEGURO');
    expect(seguro).toMatchObject({ unidade: 'PERCENT', valor: 0.3, minimo: 50 });
  });

  it('uses the newest offer of a revised quote and the old fees it says still apply', () => {
    const text = `${header('12/11/2026 09:00')}Revisamos o frete:\nFrete 20DC: USD 1.500,00 (antes USD 1.700,00)\nAs demais condições permanecem as mesmas.\n\nAbs,\nAna\n\nEm 05/11/2026 10:00, Ana Souza <ana@marazulcargo.com.br> escreveu:\n> Frete 20DC: USD 1.700,00\n> THC: R$ 1.400,00 por contêiner\n> Validade: 30/11/2026\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.frete.map((f) => f.valor)).toEqual([1500]);
    expect(corpus.taxas.map((t) => [t.nome, t.valor])).toEqual([['THC', 1400]]);
    expect(corpus.validade).toBe('2026-11-30');
  });

  it('never extracts numbers from the client request quoted below the reply', () => {
    const text = `${header('10/11/2026 10:00')}Frete 40HC Shanghai x Santos: USD 3.000,00\n\nAbs,\nAna\n\nOn Mon, 9 Nov 2026 at 10:00, Cliente <c@x.com> wrote:\n> Please quote 1x40HC, cargo value USD 80.000,00, THC budget R$ 1.000,00\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.frete.map((f) => f.valor)).toEqual([3000]);
    expect(corpus.taxas).toEqual([]);
  });

  it('gives per-destination values a destination and collapses a value shared by all', () => {
    const text = `${header('10/11/2026 10:00')}Frete marítimo por 40'HC:\nSantos: USD 3.400,00\nItapoá: USD 3.500,00\n\nTaxas por BL:\nBL fee USD 80,00\nTHC Santos: R$ 1.600,00\nTHC Itapoá: R$ 1.600,00\n`;
    const corpus = toCorpusFormat(extractFromText(text));
    expect(corpus.porto_destino).toEqual(['Santos', 'Itapoá']);
    expect(corpus.frete.map((f) => [f.destino, f.valor])).toEqual([
      ['Santos', 3400],
      ['Itapoá', 3500],
    ]);
    expect(corpus.taxas.filter((t) => t.nome === 'THC')).toEqual([
      { nome: 'THC', destino: null, unidade: 'BL', valor: 1600, moeda: 'BRL' },
    ]);
  });

  it('takes the forwarder from the sender name when the signature has only the person', () => {
    const text =
      'Subject: Cotação\nFrom: "Pricing | Marés Cargo Logística" <pricing@marescargo.com.br>\nDate: 10/11/2026\n\nFrete 40HC: USD 3.000,00\n\nAtt,\nJuliana';
    const result = extractFromText(text);
    expect(result.final.transportador).toBe('Marés Cargo Logística');
    expect(result.final.evidence.transportador?.method).toBe('sender');
  });

  it('returns a low-confidence result with a reason for text that is not a quote', () => {
    const result = extractFromText('Olá, tudo bem? Podemos falar amanhã sobre o projeto.');
    expect(result.final.confidence_overall).toBeLessThan(0.5);
    expect(result.final.reason).toMatch(/frete/);
    expect(extractFromText('').final.reason).toBe('texto vazio');
  });
});

describe('two ports in one reply (exploratory QA, 2026-12-05)', () => {
  const head = 'Assunto: RE: Cotação\nDe: Pricing <pricing@alfa.example>\n\n';
  const perDestination = (text: string) => {
    const final = extractFromText(head + text).final;
    return {
      destinos: final.destinos.map((d) => [d.nome, d.valorFreteUSD, d.transit_time_dias]),
      fretes: final.fretes.map((f) => [f.destino, f.valor]),
      taxas: final.taxas.itens.map((t) => [t.nome, t.destino, t.valor, t.moeda, t.unidade]),
    };
  };

  it('"Ningbo x Santos: …" and "Ningbo x Itajaí: …" price each destination apart', () => {
    expect(
      perDestination(
        'Ningbo x Santos: Ocean freight 40HC USD 1,900.00 per container, THC BRL 1,350.00/cntr, transit time 30 days\n' +
          'Ningbo x Itajaí: Ocean freight 40HC USD 2,050.00 per container, THC BRL 1,200.00/cntr, transit time 34 days\n' +
          'BL fee USD 60 per BL\n',
      ),
    ).toEqual({
      destinos: [
        ['Santos', 1900, 30],
        ['Itajaí', 2050, 34],
      ],
      fretes: [
        ['Santos', 1900],
        ['Itajaí', 2050],
      ],
      taxas: [
        ['THC', 'Santos', 1350, 'BRL', 'CNTR'],
        ['THC', 'Itajaí', 1200, 'BRL', 'CNTR'],
        ['BL FEE', null, 60, 'USD', 'BL'],
      ],
    });
  });

  it('a table typed with bars between cells reads its THC column as a fee, not a second freight', () => {
    const read = perDestination(
      'Destino | Frete 40HC (USD) | THC (BRL/cntr)\nSantos | 1.950,00 | 1.400,00\nItajaí | 1.880,00 | 1.250,00\n',
    );
    expect(read.fretes).toEqual([
      ['Santos', 1950],
      ['Itajaí', 1880],
    ]);
    expect(read.taxas).toEqual([
      ['THC', 'Santos', 1400, 'BRL', 'CNTR'],
      ['THC', 'Itajaí', 1250, 'BRL', 'CNTR'],
    ]);
  });

  it('one line with a bar is text, not a table', () => {
    const final = extractFromText(`${head}Frete 40HC: USD 2.000,00 | validade 30/12/2026\n`).final;
    expect(final.fretes.map((f) => f.valor)).toEqual([2000]);
  });
});
