import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf } from '../test/fixtures/image-pdf.js';
import { buildPdf } from '../test/fixtures/minimal-pdf.js';
import { writeZip } from '../test/fixtures/zip-writer.js';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { detectFileKind } from './files/file-kind.js';
import { FileLimitError } from './files/limits.js';
import { ocrAvailable, repairOcrSeparators } from './files/ocr.js';

/*
 * QA pass 9b, through the real pipeline: (1) a rate table read by OCR, its cells parted by "|" (or by
 * what tesseract makes of a bar: "I", "l", "["), and tesseract's blank line between rows; (2) a reply
 * whose rates came in tarifas.zip (a CSV inside), taken for a broken .xlsx; (3) "Origem: Ningbo  Destino:
 * Santos" on one PDF line, whose origin swallowed the destination.
 */

const encode = (text: string) => new TextEncoder().encode(text);

const PIPE_TABLE = [
  'Frete maritimo 20GP | USD 1.850,00 | por container',
  'BL fee | USD 75,00 | por BL',
  'THC destino | BRL 1.200,00 | por container',
  'Transit time | 32 dias',
  'Free time | 14 dias',
  'Validade | 31/12/2026',
];

type Corpus = ReturnType<typeof toCorpusFormat>;

function expectPipeTable(result: Corpus) {
  expect(result.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([['20DC', 1850, 'USD']]);
  expect(result.taxas.map((t) => [t.nome, t.unidade, t.valor, t.moeda])).toEqual([
    ['BL FEE', 'BL', 75, 'USD'],
    ['THC', 'CNTR', 1200, 'BRL'],
  ]);
  expect(result.transit_time_dias).toEqual({ min: 32, max: 32 });
  expect(result.free_time_dias).toBe(14);
  expect(result.validade).toBe('2026-12-31');
}

const read = (text: string) => toCorpusFormat(extractFromText(text, { messageDate: new Date('2026-12-05') }));

describe('OCR text of a rate table with "|" between its cells', () => {
  it('reads freight, fees, transit, free time and validity from the plain pipe form', () => {
    expectPipeTable(read(PIPE_TABLE.join('\n')));
  });

  it('keeps the rows a table when tesseract puts a blank line between them', () => {
    // tesseract --psm 6 on a screenshot of the table: a title, then rows with blank lines between some.
    const ocr = ['Cotacao de frete - Atlantico Logistica', '', PIPE_TABLE[0], PIPE_TABLE[1]];
    for (const row of PIPE_TABLE.slice(2)) ocr.push('', row);
    expectPipeTable(read(ocr.join('\n')));
  });

  it('reads "Free time | 14 dias" on a line of its own', () => {
    const result = read('Frete 40HC: USD 2.000,00 por container\nFree time | 14 dias');
    expect(result.free_time_dias).toBe(14);
  });

  it('turns a column bar read as " I ", " l ", "[" or glued to the currency into "|"', () => {
    expect(repairOcrSeparators('Frete maritimo 20GP I USD 1.850,00 I por container')).toBe(
      'Frete maritimo 20GP | USD 1.850,00 | por container',
    );
    expect(repairOcrSeparators('BL fee l USD 75,00 l por BL')).toBe('BL fee | USD 75,00 | por BL');
    expect(repairOcrSeparators('Transit time [ 32 dias')).toBe('Transit time | 32 dias');
    expect(repairOcrSeparators('Validade l 31/12/2026')).toBe('Validade | 31/12/2026');
    expect(repairOcrSeparators('Frete maritimo 20GP IUSD 1.850,00 Ipor container')).toBe(
      'Frete maritimo 20GP | USD 1.850,00 | por container',
    );
    // Words and figures are left as read: a pronoun, an "I" after a comma, a table without bars.
    for (const line of [
      'I will send USD 1.850,00 I hope',
      'Hi, I 2 things',
      'Frete 40HC USD 2.300,00 all in',
      'THC l.200,00',
    ])
      expect(repairOcrSeparators(line)).toBe(line);
  });

  it('reads the table when OCR read its bars as I, l and [', () => {
    const misread = [
      'Frete maritimo 20GP I USD 1.850,00 I por container',
      'BL fee l USD 75,00 | por BL',
      '',
      'THC destino [ BRL 1.200,00 l por container',
      '',
      'Transit time I 32 dias',
      '',
      'Free time l 14 dias',
      '',
      'Validade I 31/12/2026',
    ].join('\n');
    expectPipeTable(read(repairOcrSeparators(misread)));
  });
});

function run(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) =>
    execFile(command, args, { timeout: 30_000 }, (error) => resolve(error === null)),
  );
}

/** The pipe table printed on a page (Helvetica 10) and rendered by pdftoppm, as a screenshot would show it. */
async function renderTable(format: 'png' | 'jpeg'): Promise<Uint8Array | null> {
  const dir = await mkdtemp(join(tmpdir(), 'qa-9b-'));
  try {
    const pdf = join(dir, 'tabela.pdf');
    await writeFile(pdf, buildPdf([['Cotacao de frete - Atlantico Logistica', '', ...PIPE_TABLE]]));
    const out = join(dir, 'tabela');
    if (!(await run('pdftoppm', ['-r', '150', '-gray', `-${format}`, '-singlefile', pdf, out]))) return null;
    return new Uint8Array(await readFile(`${out}.${format === 'png' ? 'png' : 'jpg'}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let ocr = false;
beforeAll(async () => {
  ocr = (await ocrAvailable()) && (await run('pdftoppm', ['-v']));
  if (!ocr)
    console.warn('qa-pass-9b OCR tests skipped: tesseract (por/eng/spa) or pdftoppm is not installed here');
});

describe('a rate table screenshot and scan through tesseract', () => {
  it('reads a PNG screenshot of the pipe table', async (context) => {
    if (!ocr) context.skip();
    const png = await renderTable('png');
    if (png === null) return context.skip();
    const result = await extractFromFile(png, 'tabela.png');
    expect(result.detect.reasons).toContain('texto lido por OCR (imagem)');
    expectPipeTable(toCorpusFormat(result));
  }, 60_000);

  it('reads an image-only PDF of the pipe table', async (context) => {
    if (!ocr) context.skip();
    const jpeg = await renderTable('jpeg');
    if (jpeg === null) return context.skip();
    const result = await extractFromFile(imageOnlyPdf(jpeg), 'scan.pdf');
    expect(result.detect.reasons).toContain('texto lido por OCR (PDF escaneado)');
    expectPipeTable(toCorpusFormat(result));
  }, 60_000);
});

const TARIFAS_CSV = [
  'Item;Valor;Moeda;Unidade',
  'Frete 40HC;2300,00;USD;por container',
  'THC;1450,00;BRL;por container',
].join('\r\n');

/** A reply with one attachment, as the inbound job reads it. */
function replyWith(filename: string, contentType: string, content: Uint8Array): Uint8Array {
  const body = [
    'Bom dia,',
    '',
    'Segue nossa tabela em anexo.',
    '',
    'Atenciosamente,',
    'Juliana Reis',
    'Atlântica Cargo Ltda.',
  ];
  return encode(
    [
      'MIME-Version: 1.0',
      'From: Juliana Reis <juliana@atlanticacargo.com.br>',
      'To: Marcos <marcos@cliente.com.br>',
      'Subject: RE: Cotação Ningbo - Santos',
      'Date: Fri, 4 Dec 2026 10:15:00 -0300',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: text/plain; charset=utf-8',
      '',
      ...body,
      '--outer',
      `Content-Type: ${contentType}; name="${filename}"`,
      `Content-Disposition: attachment; filename="${filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(content).toString('base64'),
      '--outer--',
      '',
    ].join('\r\n'),
  );
}

const expectTarifas = (result: Corpus) => {
  expect(result.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([['40HC', 2300, 'USD']]);
  expect(result.taxas.map((t) => [t.nome, t.unidade, t.valor, t.moeda])).toEqual([
    ['THC', 'CNTR', 1450, 'BRL'],
  ]);
};

describe('a .zip that is an archive, not an office document', () => {
  const tarifas = () => writeZip([{ name: 'tarifas.csv', data: encode(TARIFAS_CSV) }]);

  it('tells an archive from an .xlsx or .docx by its entries', () => {
    expect(detectFileKind(tarifas(), 'tarifas.zip')).toBe('zip');
    expect(detectFileKind(tarifas(), 'tarifas.xlsx')).toBe('zip');
    const xlsx = writeZip([
      { name: '[Content_Types].xml', data: encode('<Types/>') },
      { name: 'xl/workbook.xml', data: encode('<x/>') },
    ]);
    expect(detectFileKind(xlsx, 'planilha.zip')).toBe('xlsx');
    expect(detectFileKind(writeZip([{ name: 'xl/workbook.xml', data: encode('<x/>') }]), 'x.bin')).toBe(
      'xlsx',
    );
    expect(detectFileKind(writeZip([{ name: 'word/document.xml', data: encode('<w/>') }]), 'x.zip')).toBe(
      'docx',
    );
  });

  it('reads the CSV inside tarifas.zip', async () => {
    const result = await extractFromFile(tarifas(), 'tarifas.zip');
    expect(result.detect.fileKind).toBe('zip');
    expect(result.detect.reasons).toContain('arquivo .zip: lido(s) tarifas.csv');
    expectTarifas(toCorpusFormat(result));
  });

  it('reads tarifas.zip attached to a reply, merged like any attachment', async () => {
    const result = await extractFromFile(
      replyWith('tarifas.zip', 'application/zip', tarifas()),
      'resposta.eml',
    );
    expectTarifas(toCorpusFormat(result));
    expect(result.final.fretes[0]?.source.origin).toBe('attachment:tarifas.zip');
    expect(result.detect.reasons.join(' ')).not.toMatch(/não foi possível ler/);
  });

  it('merges every readable entry and leaves out folders, system files and unknown kinds', async () => {
    const zip = writeZip([
      { name: '__MACOSX/._tarifas.csv', data: encode('x;y;z\n1;2;3') },
      { name: 'cotacao/tarifas.csv', data: encode(TARIFAS_CSV) },
      {
        name: 'cotacao/condicoes.txt',
        data: encode('Transit time: 35 dias\nFree time: 14 dias\nValidade: 31/12/2026'),
      },
      { name: 'cotacao/logo.bin', data: new Uint8Array([0, 1, 2, 3, 0, 0, 0, 9]) },
      { name: 'cotacao/schema.xml', data: encode('<x>Frete 20GP: USD 9.999,00</x>') },
    ]);
    const result = await extractFromFile(zip, 'cotacao.zip');
    const corpus = toCorpusFormat(result);
    expectTarifas(corpus);
    expect(corpus.transit_time_dias).toEqual({ min: 35, max: 35 });
    expect(corpus.free_time_dias).toBe(14);
    expect(corpus.validade).toBe('2026-12-31');
    expect(result.detect.reasons).toContain('arquivo .zip: lido(s) tarifas.csv, condicoes.txt');
  });

  it('says in pt-BR when nothing in the archive can be read', async () => {
    const empty = writeZip([
      { name: 'leia-me.xml', data: encode('<x/>') },
      { name: 'foto.bin', data: new Uint8Array([0, 1, 2, 3, 0, 0, 0]) },
    ]);
    const alone = await extractFromFile(empty, 'tarifas.zip');
    expect(alone.final.reason).toBe('nenhum arquivo legível no .zip');
    const attached = await extractFromFile(
      replyWith('tarifas.zip', 'application/zip', empty),
      'resposta.eml',
    );
    expect(attached.detect.reasons).toContain('tarifas.zip: nenhum arquivo legível no .zip');
  });

  it('keeps the zip limits: too many entries or an entry inflating past its size end the reading', async () => {
    const many = writeZip(
      Array.from({ length: 600 }, (_, i) => ({ name: `f${i}.csv`, data: encode('a;b') })),
    );
    await expect(extractFromFile(many, 'muitos.zip')).rejects.toThrow(FileLimitError);
    const bomb = writeZip([
      { name: 'tarifas.csv', data: new Uint8Array(5 * 1024 * 1024), declaredSize: 100 },
    ]);
    await expect(extractFromFile(bomb, 'bomba.zip')).rejects.toThrow(/maior do que declara/);
    const big = writeZip([{ name: 'tarifas.csv', data: encode(TARIFAS_CSV) }]);
    await expect(
      extractFromFile(big, 'grande.zip', { limits: { maxUncompressedBytes: 10 } }),
    ).rejects.toThrow(/descompactaria/);
  });
});

describe('origin and destination labelled on one line', () => {
  it('reads "Origem: Ningbo Destino: Santos" as two fields', () => {
    for (const line of ['Origem: Ningbo  Destino: Santos', 'Origem: Ningbo Destino: Santos']) {
      const result = read(
        `Cotação de frete marítimo\n${line}\nFrete 40HC: USD 2.300,00 por container\nValidade: 31/12/2026`,
      );
      expect(result.porto_origem).toBe('Ningbo');
      expect(result.porto_destino).toEqual(['Santos']);
    }
  });

  it('reads it from a PDF, which keeps one space between the two', async () => {
    const pdf = buildPdf([
      [
        'ATLANTICO LOGISTICA LTDA',
        'Cotação de frete marítimo',
        'Origem: Ningbo  Destino: Santos',
        'Frete 40HC: USD 2.300,00 por container',
        'Transit time: 35 dias',
        'Validade: 31/12/2026',
      ],
    ]);
    const result = await extractFromFile(pdf, 'cotacao.pdf');
    const corpus = toCorpusFormat(result);
    expect(corpus.porto_origem).toBe('Ningbo');
    expect(corpus.porto_destino).toEqual(['Santos']);
    expect(result.final.rota).toBe('Ningbo → Santos');
  });
});
