import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf } from '../test/fixtures/image-pdf.js';
import { buildMsg } from '../test/fixtures/msg-writer.js';
import { writeZip } from '../test/fixtures/zip-writer.js';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';
import { detectFileKind } from './files/file-kind.js';
import { FileLimitError } from './files/limits.js';
import { ocrAvailable } from './files/ocr.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => new Uint8Array(readFileSync(resolve(here, '../test/fixtures/ocr', name)));
const encode = (text: string) => new TextEncoder().encode(text);

/** The rate table printed in the OCR fixtures, as the engine should read it. */
function expectRateTable(result: ReturnType<typeof toCorpusFormat>) {
  expect(result.porto_origem).toBe('Ningbo');
  expect(result.porto_destino).toEqual(['Santos']);
  expect(result.armador).toBe('MSC');
  expect(result.validade).toBe('2026-12-31');
  expect(result.transit_time_dias).toEqual({ min: 35, max: 35 });
  expect(result.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([
    ['20DC', 1850, 'USD'],
    ['40HC', 2900, 'USD'],
  ]);
  expect(result.taxas.map((t) => [t.nome, t.unidade, t.valor, t.moeda])).toEqual([
    ['THC', 'CNTR', 1650, 'BRL'],
    ['BL FEE', 'BL', 85, 'USD'],
  ]);
}

let ocr = false;
beforeAll(async () => {
  ocr = await ocrAvailable();
  if (!ocr)
    console.warn(
      'OCR tests skipped: the `tesseract` program (Debian tesseract-ocr with por/eng/spa) is not installed here',
    );
});

describe('attachments people send', () => {
  it('tells PNG, JPEG, .docx and .msg apart by content', () => {
    expect(detectFileKind(fixture('rate-table.png'), 'x.bin')).toBe('image');
    expect(detectFileKind(fixture('rate-table.jpg'), 'x.bin')).toBe('image');
    const docx = writeZip([{ name: 'word/document.xml', data: encode('<w:document/>') }]);
    expect(detectFileKind(docx, 'x.bin')).toBe('docx');
    expect(detectFileKind(writeZip([{ name: 'xl/workbook.xml', data: encode('<x/>') }]), 'x.docx')).toBe(
      'xlsx',
    );
    const msg = buildMsg({ subject: 's', senderName: 'n', senderEmail: 'a@b.c', body: 'b' });
    expect(detectFileKind(msg, 'mensagem.bin')).toBe('msg');
  });

  it('reads a PNG rate table through OCR (tesseract por+eng+spa)', async (context) => {
    if (!ocr) context.skip();
    const result = await extractFromFile(fixture('rate-table.png'), 'tabela.png');
    expect(result.detect.fileKind).toBe('image');
    expect(result.detect.reasons).toContain('texto lido por OCR (imagem)');
    expectRateTable(toCorpusFormat(result));
  }, 60_000);

  it('reads a JPEG rate table through OCR', async (context) => {
    if (!ocr) context.skip();
    expectRateTable(toCorpusFormat(await extractFromFile(fixture('rate-table.jpg'), 'foto.jpg')));
  }, 60_000);

  it('reads a scanned PDF (image only, no text layer) through pdftoppm + OCR', async (context) => {
    if (!ocr) context.skip();
    const result = await extractFromFile(imageOnlyPdf(fixture('rate-table.jpg')), 'scan.pdf');
    expect(result.detect.source).toBe('pdf');
    expect(result.detect.reasons).toContain('texto lido por OCR (PDF escaneado)');
    expectRateTable(toCorpusFormat(result));
  }, 60_000);

  it('says in pt-BR why an image is not read when tesseract is missing, without throwing', async () => {
    const options = { ocr: { tesseract: '/nonexistent/bin/tesseract' } };
    const image = await extractFromFile(fixture('rate-table.png'), 'tabela.png', options);
    expect(image.final.confidence_overall).toBe(0);
    expect(image.detect.reasons.join(' ')).toMatch(
      /OCR indisponível: o programa tesseract não está instalado/,
    );
    const scan = await extractFromFile(imageOnlyPdf(fixture('rate-table.jpg')), 'scan.pdf', options);
    expect(scan.detect.reasons.join(' ')).toMatch(/PDF sem texto extraível.*tesseract não está instalado/);
    const off = await extractFromFile(fixture('rate-table.jpg'), 'foto.jpg', { ocr: false });
    expect(off.detect.reasons).toEqual(['imagem: OCR desativado']);
  });

  it('reads a .docx: paragraphs, tabs and a table whose rows become TAB-separated lines', async () => {
    const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
      ${paragraph('Brisa Cargo Agenciamento Ltda.')}
      ${paragraph('Cotação FCL')}
      ${paragraph('Origem: Qingdao &#8211; China')}
      ${paragraph('Destino: Itajaí')}
      ${paragraph('Armador: ONE')}
      <w:tbl>${row('Equipamento', 'Moeda', 'Valor')}${row("20' DC", 'USD', '1.640,00')}${row("40' HC", 'USD', '2.480,00')}</w:tbl>
      ${paragraph('')}
      <w:p><w:r><w:t>THC</w:t></w:r><w:r><w:tab/><w:t>R$ 1.590,00 por contêiner</w:t></w:r></w:p>
      ${paragraph('Taxa de desconsolidação: USD 90,00 por BL')}
      <w:p><w:r><w:t>Transit time: 36 dias</w:t></w:r><w:r><w:br/><w:t>Pagamento: antecipado</w:t></w:r></w:p>
      ${paragraph('Validade: 15/12/2026')}
    </w:body></w:document>`;
    const docx = writeZip([
      { name: '[Content_Types].xml', data: encode('<Types/>') },
      { name: 'word/document.xml', data: encode(xml) },
    ]);
    const result = toCorpusFormat(await extractFromFile(docx, 'cotacao.docx'));
    expect(result.transportador).toBe('Brisa Cargo Agenciamento');
    expect(result.porto_origem).toBe('Qingdao');
    expect(result.porto_destino).toEqual(['Itajaí']);
    expect(result.validade).toBe('2026-12-15');
    expect(result.transit_time_dias).toEqual({ min: 36, max: 36 });
    expect(result.condicoes_pagamento).toBe('antecipado');
    expect(result.frete.map((f) => [f.unidade, f.valor])).toEqual([
      ['20DC', 1640],
      ['40HC', 2480],
    ]);
    expect(result.taxas.map((t) => [t.nome, t.unidade, t.valor, t.moeda])).toEqual([
      ['THC', 'CNTR', 1590, 'BRL'],
      ['DESCONSOLIDACAO', 'BL', 90, 'USD'],
    ]);
  });

  it('refuses a .docx whose entry inflates past its declared size (zip-bomb guard)', async () => {
    const big = encode(`<w:document>${'<w:p><w:r><w:t>x</w:t></w:r></w:p>'.repeat(20_000)}</w:document>`);
    const bomb = writeZip([{ name: 'word/document.xml', data: big, declaredSize: 100 }]);
    await expect(extractFromFile(bomb, 'bomba.docx')).rejects.toThrow(/maior do que declara/);
    const many = writeZip(
      Array.from({ length: 600 }, (_, i) => ({
        name: i === 0 ? 'word/document.xml' : `f${i}`,
        data: encode('x'),
      })),
    );
    await expect(extractFromFile(many, 'muitos.docx')).rejects.toThrow(FileLimitError);
  });

  it('reads an Outlook .msg with its body and a CSV attachment', async () => {
    const msg = buildMsg({
      subject: 'RE: Cotação 1x40HC Xiamen - Santos',
      senderName: 'Rita Moraes',
      senderEmail: 'rita@ventonorte.com.br',
      body: [
        'Olá Sr. Carlos,',
        '',
        'Frete 40HC Xiamen x Santos: USD 2.750,00 (COSCO)',
        'THC: R$ 1.620,00 por contêiner',
        'Transit time 36 dias. Validade 20/12/2026.',
        '',
        'Atenciosamente,',
        'Rita Moraes',
        'Vento Norte Logística Ltda.',
      ].join('\r\n'),
      attachments: [{ filename: 'taxas.csv', content: encode('Descrição;Moeda;Valor\nBL fee;USD;80,00\n') }],
    });
    const result = await extractFromFile(msg, 'resposta.msg');
    expect(result.detect.fileKind).toBe('msg');
    const record = toCorpusFormat(result);
    expect(record.source).toBe('email');
    expect(record.transportador).toBe('Vento Norte Logística');
    expect(record.armador).toBe('COSCO');
    expect(record.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([['40HC', 2750, 'USD']]);
    expect(record.taxas.map((t) => [t.nome, t.valor, t.moeda]).sort()).toEqual([
      ['BL FEE', 80, 'USD'],
      ['THC', 1620, 'BRL'],
    ]);
    const bl = result.final.taxas.itens.find((t) => t.nome === 'BL FEE');
    expect(bl?.source.origin).toBe('attachment:taxas.csv');
  });

  it('returns a reason, not an exception, for a broken .msg', async () => {
    const msg = buildMsg({ subject: 's', senderName: 'n', senderEmail: 'a@b.c', body: 'b' });
    const broken = msg.slice(0, 700);
    const result = await extractFromFile(broken, 'quebrado.msg');
    expect(result.final.confidence_overall).toBeLessThan(0.2);
  });
});
