import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildQuoteDocument as buildSharedDocument, type QuoteMailInput } from '@cotacoes/shared';
import { describe, expect, it } from 'vitest';
import { type QuoteDocument, renderQuoteMail, renderQuotePdf } from './quote-document.js';

const input = (overrides: Partial<QuoteMailInput> = {}): QuoteMailInput => ({
  language: 'pt',
  empresa: 'Importadora Alfa',
  codigo: 'COT-2026-0042',
  nomeSolicitante: 'Ana Souza',
  referenciaProcesso: 'PO-7781 Máquinas',
  fti: 'FTI-55',
  tipoFrete: 'FCL',
  prazoResposta: new Date('2026-12-10T17:00:00Z'),
  manual: true,
  origem: 'Shanghai, CN',
  destino: 'Santos, BR',
  incoterm: 'FOB',
  tempoTransito: '35 dias',
  preferenciaRota: true,
  evitarRota: 'Via Cabo',
  evitarArmador: 'Armador X',
  pesoBrutoTotal: '12.400 kg',
  valorMercadoria: 'USD 88.000',
  cargaPerigosa: false,
  itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '14 pallets', dimensoes: '120x100x110 cm' }],
  observacoes: 'Empilhável até 2 níveis.',
  descricaoAdicional: null,
  createdAt: new Date('2026-11-26T12:00:00Z'),
  ...overrides,
});

const documentOf = (overrides: Partial<QuoteMailInput> = {}, corpo: string | null = null): QuoteDocument => ({
  ...buildSharedDocument(input(overrides)),
  subject: 'Cotação COT-2026-0042 - PO-7781 Máquinas',
  corpo,
});

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe('request e-mail', () => {
  it.each(['pt', 'en'] as const)(
    'states every value once and ends with lines to answer inline (%s)',
    (language) => {
      const { text, html } = renderQuoteMail(documentOf({ language }), true);
      for (const value of [
        'Shanghai, CN',
        'Santos, BR',
        'PO-7781 Máquinas',
        'FTI-55',
        language === 'pt' ? '12.400 kg' : '12,400 kg',
        language === 'pt' ? 'USD 88.000' : 'USD 88,000',
        'Peças de máquinas',
        'Empilhável até 2 níveis.',
        'Via Cabo',
      ]) {
        expect(occurrences(text, value), `${value} in the text part`).toBe(1);
        expect(occurrences(html.slice(html.indexOf('<body')), value), `${value} in the HTML body`).toBe(1);
      }
      const offer = language === 'pt' ? 'SUA PROPOSTA' : 'YOUR OFFER';
      const lines = text.split('\n');
      const start = lines.indexOf(offer);
      expect(start).toBeGreaterThan(lines.findIndex((line) => line.includes('Shanghai')));
      expect(lines[start + 1]).toBe(language === 'pt' ? 'Frete: ' : 'Freight: ');
      expect(text).toContain(
        language === 'pt' ? 'Atenciosamente,\nAna Souza\nImportadora Alfa' : 'Best regards,\nAna Souza',
      );
      expect(text.startsWith(language === 'pt' ? 'Prezados,' : 'Dear partner,')).toBe(true);
    },
  );

  it('asks one freight line per container type and place when the request asks several (QA pass 40c)', () => {
    const lines = (overrides: Partial<QuoteMailInput>) => {
      const { text } = renderQuoteMail(documentOf(overrides), true);
      const all = text.split('\n');
      const start = all.indexOf(overrides.language === 'en' ? 'YOUR OFFER' : 'SUA PROPOSTA');
      return all.slice(start + 1, all.indexOf('', start));
    };
    const mix = [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null }];
    expect(lines({ language: 'pt', itens: mix, destino: 'Santos ou Paranaguá' }).slice(0, 5)).toEqual([
      'Frete 40HC (Santos): ',
      'Frete 20DV (Santos): ',
      'Frete 40HC (Paranaguá): ',
      'Frete 20DV (Paranaguá): ',
      'Taxas: ',
    ]);
    expect(lines({ language: 'en', itens: mix, origem: 'Ningbo / Shanghai', destino: 'Santos' })).toEqual([
      'Freight 40HC (Ningbo): ',
      'Freight 20DV (Ningbo): ',
      'Freight 40HC (Shanghai): ',
      'Freight 20DV (Shanghai): ',
      'Charges: ',
      'Currency: ',
      'Transit time: ',
      'Free time: ',
      'Offer valid until: ',
    ]);
    // One type to one place: one line, as before; an air request: no container types.
    expect(lines({ language: 'pt' })[0]).toBe('Frete: ');
    expect(lines({ language: 'pt', tipoFrete: 'AÉREO', itens: mix })[0]).toBe('Frete: ');
  });

  it('writes the typed weights and values the English way in an English request (QA pass 40c)', () => {
    const english = renderQuoteMail(
      documentOf({
        language: 'en',
        pesoBrutoTotal: '38.500 kg / 62,4 m³',
        valorMercadoria: 'USD 120.000,00',
        itens: [
          {
            mercadoria: 'Machine parts',
            quantidadeVolumes: '6 pallets, 4,2 m³',
            dimensoes: '120x100x140 cm',
          },
        ],
      }),
      true,
    );
    expect(english.text).toContain('Total gross weight: 38,500 kg / 62.4 m³');
    expect(english.text).toContain('Goods value: USD 120,000.00');
    expect(english.text).toContain('6 pallets, 4.2 m³');
    expect(english.html).toContain('38,500 kg');
    // In Portuguese, as typed.
    const portuguese = renderQuoteMail(documentOf({ pesoBrutoTotal: '38.500 kg' }), true);
    expect(portuguese.text).toContain('38.500 kg');
    // The deadline's row says its time zone, as the opening line does (the PDF printed it without).
    expect(portuguese.text).toContain('Prazo de resposta: 10/12/2026, 14:00 (horário de Brasília)');
    expect(english.text).toContain('Reply by: 10 Dec 2026, 14:00 (Brasília time)');
  });

  it('sends the body edited in the preview as it is, text and HTML (ADR 0025)', () => {
    const corpo = 'Prezados,\n\nFavor cotar <urgente> & rápido.\nLinha 2\n\nAtt,\nAna';
    const { text, html } = renderQuoteMail(documentOf({}, corpo), true);
    expect(text).toBe(corpo);
    expect(html).toContain(
      '<p style="margin:0 0 12px;white-space:pre-line">Favor cotar &lt;urgente&gt; &amp; rápido.\nLinha 2</p>',
    );
    expect(html).not.toContain('DADOS DA SOLICITAÇÃO');
  });

  it("a PDF/Excel request puts 'Carga perigosa' with the request data: no route heading over one line", () => {
    const { text } = renderQuoteMail(
      documentOf({
        manual: false,
        origem: null,
        destino: null,
        incoterm: null,
        tempoTransito: null,
        preferenciaRota: null,
        evitarRota: null,
        evitarArmador: null,
        pesoBrutoTotal: null,
        valorMercadoria: null,
        itens: [],
      }),
      true,
    );
    expect(text).not.toContain('ROTA E CONDIÇÕES');
    const lines = text.split('\n');
    const request = lines.indexOf('DADOS DA SOLICITAÇÃO');
    expect(lines.slice(request, request + 10)).toContain('Carga perigosa: Não');
    // A manual request keeps its route section.
    expect(renderQuoteMail(documentOf(), true).text).toContain('ROTA E CONDIÇÕES\nOrigem: Shanghai, CN');
  });
});

describe('request PDF', () => {
  it('draws every section title at the left margin, above its rows (rendered with poppler)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quote-pdf-'));
    const file = path.join(dir, 'quote.pdf');
    fs.writeFileSync(file, await renderQuotePdf(documentOf()));
    // The page as an image, for a person to look at (kept in the temp directory).
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    expect(fs.readdirSync(dir).some((name) => name.startsWith('page') && name.endsWith('.png'))).toBe(true);

    const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
      ([, x, y, word]) => ({ x: Number(x), y: Number(y), word: word! }),
    );
    const first = (word: string) => words.find((w) => w.word === word);
    for (const title of ['Dados', 'Rota', 'Itens', 'Observações']) {
      const found = first(title);
      expect(found, title).toBeDefined();
      expect(found!.x, `${title} starts at the left margin`).toBeCloseTo(50, 0);
    }
    // The labels sit at the margin too and values in their own column, to the right.
    expect(first('Origem')!.x).toBeCloseTo(50, 0);
    expect(first('Shanghai,')!.x).toBeGreaterThan(200);
    expect(first('Rota')!.y).toBeGreaterThan(first('Dados')!.y);
    expect(first('Itens')!.y).toBeGreaterThan(first('Rota')!.y);
    expect(first('Observações')!.y).toBeGreaterThan(first('Itens')!.y);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
