import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf } from '../test/fixtures/image-pdf.js';
import { buildPdf } from '../test/fixtures/minimal-pdf.js';
import { buildMsg, type MsgContent } from '../test/fixtures/msg-writer.js';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { detectFileKind } from './files/file-kind.js';
import { ocrAvailable, repairOcrCodes } from './files/ocr.js';
import type { ExtractionResult } from './types.js';

/*
 * QA pass 18: carrier e-mails with attachments. (1) The body and the attached proposal both priced the THC
 * and the comparison summed the body's and the attachment's (per 20DC and per 40HC): three THCs. (2) A
 * body revising the 40HC only ("demais valores conforme proposta em anexo") lost the attached 20DC price.
 * (3) A TIFF scan was never read (an uncompressed one became garbage text, a compressed one was skipped
 * without a word), and any attachment of an unknown kind was skipped without a reason. (4) A forwarded
 * message attached to the reply was read without its own attachments. (5) A sheet's transit per port was
 * lost once attached to an e-mail, so the Santos line showed the range of both ports.
 */

const here = dirname(fileURLToPath(import.meta.url));
const ocrFixture = (name: string) =>
  readFile(resolve(here, '../test/fixtures/ocr', name)).then((b) => new Uint8Array(b));

/** What the reply's card lists under "O que não pôde ser lido" (UNREADABLE in apps/web response-cards.tsx). */
const UNREADABLE = /não foi possível ler o arquivo|tipo de arquivo não reconhecido|texto ilegível/;

const SENDER = { senderName: 'Paula Lima', senderEmail: 'paula@orientelog.com.br' };
const SIGNATURE = ['', 'Atenciosamente,', 'Paula Lima', 'Oriente Logística Internacional Ltda'];

/** The attached proposal: a table of 20DC / 40HC / Base columns, as the QA's PDF had. */
function proposalPdf(): Uint8Array {
  return buildPdf([
    [
      'ORIENTE LOGISTICA INTERNACIONAL LTDA',
      'PROPOSTA COMERCIAL - Shanghai x Santos',
      '',
      [
        [50, 'Descrição'],
        [250, '20DC'],
        [330, '40HC'],
        [420, 'Base'],
      ],
      [
        [50, 'Frete marítimo'],
        [250, 'USD 1.750,00'],
        [330, 'USD 2.600,00'],
        [420, 'Per container'],
      ],
      [
        [50, 'THC'],
        [250, 'BRL 1.450,00'],
        [330, 'BRL 1.450,00'],
        [420, 'Per container'],
      ],
      [
        [50, 'BL fee'],
        [250, 'BRL 420,00'],
        [420, 'Per BL'],
      ],
      '',
      'Transit time: 35 dias',
      'Validade: 31/12/2026',
    ],
  ]);
}

function reply(body: string[], attachments: MsgContent['attachments']): Uint8Array {
  return buildMsg({
    subject: 'RE: Cotação 2x40HC + 1x20DC Shanghai - Santos',
    ...SENDER,
    body: [...body, ...SIGNATURE].join('\r\n'),
    attachments,
  });
}

const freight = (result: ExtractionResult) =>
  result.final.fretes.map((f) => [f.unidade, f.destino, f.valor, f.moeda, f.source.origin]);
const fees = (result: ExtractionResult) =>
  result.final.taxas.itens.map((t) => [
    t.nome,
    t.equipamento ?? null,
    t.valor,
    t.moeda,
    t.unidade,
    t.source.origin,
  ]);

describe('QA pass 18: the body and the attached proposal price the same charges', () => {
  it("a fee the body states is the body's: the proposal's THC per 20DC and 40HC is left out, its BL fee added", async () => {
    const result = await extractFromFile(
      reply(
        [
          'Bom dia,',
          '',
          'Frete 40HC USD 2.400,00 / 20DC USD 1.600,00 / THC BRL 1.300,00/cntr',
          'Demais condições conforme proposta em anexo.',
        ],
        [{ filename: 'Proposta.pdf', content: proposalPdf() }],
      ),
      'resposta.msg',
    );
    expect(freight(result)).toEqual([
      ['40HC', null, 2400, 'USD', 'body'],
      ['20DC', null, 1600, 'USD', 'body'],
    ]);
    expect(fees(result)).toEqual([
      ['THC', null, 1300, 'BRL', 'CNTR', 'body'],
      ['BL FEE', null, 420, 'BRL', 'BL', 'attachment:Proposta.pdf'],
    ]);
  });

  it('"…para o embarque Shanghai x Santos:" opens the offer: its THC is the destination\'s, one with the proposal\'s (QA pass 20)', async () => {
    const result = await extractFromFile(
      reply(
        [
          'Bom dia,',
          '',
          'Segue nossa melhor oferta para o embarque Shanghai x Santos:',
          'Ocean freight 20DC: USD 1.700,00',
          '40HC: USD 2.750,00',
          'THC BRL 1.300/cntr',
          'Validade 31/12/2026',
          'Proposta formal em anexo.',
        ],
        [{ filename: 'Proposta.pdf', content: proposalPdf() }],
      ),
      'resposta.msg',
    );
    expect(fees(result)).toEqual([
      ['THC', null, 1300, 'BRL', 'CNTR', 'body'],
      ['BL FEE', null, 420, 'BRL', 'BL', 'attachment:Proposta.pdf'],
    ]);
    expect(result.final.taxas.itens.every((item) => item.lado !== 'origem')).toBe(true);
  });

  it('the body revises the 40HC only: the 20DC price comes from the proposal, each line with its source', async () => {
    const result = await extractFromFile(
      reply(
        ['Bom dia,', '', 'Atualizamos o 40HC: USD 2.400,00.', 'Demais valores conforme proposta em anexo.'],
        [{ filename: 'Proposta.pdf', content: proposalPdf() }],
      ),
      'resposta.msg',
    );
    expect(freight(result)).toEqual([
      ['40HC', null, 2400, 'USD', 'body'],
      ['20DC', null, 1750, 'USD', 'attachment:Proposta.pdf'],
    ]);
    expect(result.final.preco_por_container_20).toBe(1750);
    expect(result.final.preco_por_container_40).toBe(2400);
    // The body prices no fee: the proposal's are all kept, as before.
    expect(fees(result)).toEqual([
      ['THC', '20DC', 1450, 'BRL', 'CNTR', 'attachment:Proposta.pdf'],
      ['THC', '40HC', 1450, 'BRL', 'CNTR', 'attachment:Proposta.pdf'],
      ['BL FEE', null, 420, 'BRL', 'BL', 'attachment:Proposta.pdf'],
    ]);
  });

  it('a body that prices every container type keeps all its freight; the proposal adds none', async () => {
    const result = await extractFromFile(
      reply(
        [
          'Bom dia,',
          '',
          'Frete 20DC USD 1.600,00 / 40HC USD 2.400,00',
          'Demais condições conforme proposta em anexo.',
        ],
        [{ filename: 'Proposta.pdf', content: proposalPdf() }],
      ),
      'resposta.msg',
    );
    expect(freight(result)).toEqual([
      ['20DC', null, 1600, 'USD', 'body'],
      ['40HC', null, 2400, 'USD', 'body'],
    ]);
  });

  it("the body's port keeps its revised price; the tariff's other port comes whole from the attachment", async () => {
    const tariff = buildPdf([
      [
        'ORIENTE LOGISTICA INTERNACIONAL LTDA',
        [
          [50, 'POD'],
          [200, '20DC (USD)'],
          [300, '40HC (USD)'],
          [400, 'Transit time'],
        ],
        [
          [50, 'Santos'],
          [200, '1.750,00'],
          [300, '2.600,00'],
          [400, '35 dias'],
        ],
        [
          [50, 'Paranaguá'],
          [200, '1.800,00'],
          [300, '2.650,00'],
          [400, '38 dias'],
        ],
      ],
    ]);
    const result = await extractFromFile(
      reply(
        [
          'Bom dia,',
          '',
          'Santos: 40HC USD 2.400,00 (revisado).',
          'Demais valores conforme tarifário em anexo.',
        ],
        [{ filename: 'Tarifario.pdf', content: tariff }],
      ),
      'resposta.msg',
    );
    expect(freight(result)).toEqual([
      ['40HC', 'Santos', 2400, 'USD', 'body'],
      ['20DC', 'Santos', 1750, 'USD', 'attachment:Tarifario.pdf'],
      ['20DC', 'Paranaguá', 1800, 'USD', 'attachment:Tarifario.pdf'],
      ['40HC', 'Paranaguá', 2650, 'USD', 'attachment:Tarifario.pdf'],
    ]);
  });

  it('an origin THC in the proposal is another charge than the destination THC of the body', async () => {
    const pdf = buildPdf([
      [
        'ORIGIN CHARGES',
        [
          [50, 'Origin THC'],
          [250, 'USD 150,00'],
          [350, 'por contêiner'],
        ],
      ],
    ]);
    const result = await extractFromFile(
      reply(
        ['Bom dia,', '', 'Frete 40HC USD 2.400,00', 'THC BRL 1.300,00 por contêiner'],
        [{ filename: 'Origem.pdf', content: pdf }],
      ),
      'resposta.msg',
    );
    expect(result.final.taxas.itens.map((t) => [t.nome, t.lado ?? 'destino', t.valor])).toEqual([
      ['THC', 'destino', 1300],
      ['THC', 'origem', 150],
    ]);
  });
});

/** A MIME reply with one attachment (base64), as mail servers deliver it. */
function emlWith(
  body: string[],
  parts: Array<{ filename?: string; type: string; content: Uint8Array; inline?: boolean }>,
): Uint8Array {
  const lines = [
    'MIME-Version: 1.0',
    'From: Paula Lima <paula@orientelog.com.br>',
    'To: cotacoes@cliente.com.br',
    'Subject: RE: Cotação Ningbo - Santos',
    'Date: Fri, 4 Dec 2026 10:15:00 -0300',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    [...body, ...SIGNATURE].join('\r\n'),
  ];
  for (const part of parts) {
    const name = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    lines.push(
      '--outer',
      `Content-Type: ${part.type}`,
      `Content-Disposition: ${part.inline === true ? 'inline' : 'attachment'}${name}`,
      ...(part.inline === true ? ['Content-ID: <logo001@orientelog>'] : []),
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(part.content).toString('base64'),
    );
  }
  lines.push('--outer--', '');
  return new TextEncoder().encode(lines.join('\r\n'));
}

/** An uncompressed 8-bit grey TIFF of white pixels: header, pixels, then the image directory. */
function uncompressedTiff(width: number, height: number): Uint8Array {
  const pixels = width * height;
  const ifd = 8 + pixels;
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 8],
    [277, 3, 1],
    [278, 3, height],
    [279, 4, pixels],
  ];
  const bytes = new Uint8Array(ifd + 2 + entries.length * 12 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, ifd, true);
  bytes.fill(0xff, 8, ifd);
  view.setUint16(ifd, entries.length, true);
  entries.forEach(([tag, type, value], i) => {
    const at = ifd + 2 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    if (type === 3) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  });
  return bytes;
}

/** The OCR fixture's rate table as a scanner's TIFF, rendered by poppler's pdftoppm from the scanned PDF. */
async function scannedTiff(compression: 'lzw' | 'none'): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'qa18-tiff-'));
  try {
    await writeFile(join(dir, 'scan.pdf'), imageOnlyPdf(await ocrFixture('rate-table.jpg')));
    await new Promise<void>((done, fail) =>
      execFile(
        'pdftoppm',
        ['-r', '120', '-gray', '-tiff', '-tiffcompression', compression, '-singlefile', 'scan.pdf', 'page'],
        { cwd: dir },
        (error) => (error === null ? done() : fail(error)),
      ),
    );
    return new Uint8Array(await readFile(join(dir, 'page.tif')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let ocr = false;
beforeAll(async () => {
  ocr = await ocrAvailable();
  if (!ocr)
    console.warn(
      'TIFF OCR tests skipped: the `tesseract` program (Debian tesseract-ocr) is not installed here',
    );
});

describe('QA pass 18: scans and attachments that cannot be read', () => {
  it('tells TIFF, GIF, BMP and WebP images by their magic bytes, whatever their name', () => {
    const head = (bytes: number[]) => Uint8Array.from([...bytes, ...new Array(64).fill(0)]);
    expect(detectFileKind(head([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'Cotacao_rev_scan.tif')).toBe('image');
    expect(detectFileKind(head([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), 'scan.bin')).toBe('image');
    expect(detectFileKind(head([...Buffer.from('GIF89a'), 1, 0, 1, 0]), 'logo.gif')).toBe('image');
    expect(detectFileKind(head([...Buffer.from('GIF87a'), 1, 0, 1, 0]), 'x')).toBe('image');
    expect(
      detectFileKind(head([...Buffer.from('RIFF'), 0x40, 0, 0, 0, ...Buffer.from('WEBPVP8L')]), 'f.webp'),
    ).toBe('image');
    const bmp = head([0x42, 0x4d, 0x58, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]);
    expect(detectFileKind(bmp, 'tabela.bmp')).toBe('image');
    // "BM" at the start of a text is text.
    expect(detectFileKind(new TextEncoder().encode('BMW: frete 40HC USD 2.400,00'), 'nota.txt')).toBe('txt');
    // The uncompressed TIFF the QA sent was read as text ("texto truncado").
    expect(detectFileKind(uncompressedTiff(200, 100), 'Cotacao_rev_scan.tif')).toBe('image');
  });

  it('an uncompressed TIFF goes to OCR, not to the text reader', async () => {
    const result = await extractFromFile(uncompressedTiff(300, 200), 'Cotacao_rev_scan.tif', { ocr: false });
    expect(result.detect.fileKind).toBe('image');
    expect(result.detect.reasons).toEqual(['imagem: OCR desativado']);
  });

  for (const compression of ['lzw', 'none'] as const)
    it(`reads Cotacao_rev_scan.tif (${compression === 'none' ? 'uncompressed' : 'LZW'}) attached to a reply through OCR`, async (context) => {
      if (!ocr) context.skip();
      const tiff = await scannedTiff(compression);
      const result = await extractFromFile(
        emlWith(
          ['Bom dia,', '', 'Segue a cotação revisada (escaneada) em anexo.'],
          [{ filename: 'Cotacao_rev_scan.tif', type: 'image/tiff', content: tiff }],
        ),
        'resposta.eml',
      );
      const corpus = toCorpusFormat(result);
      expect(corpus.frete.map((f) => [f.unidade, f.valor, f.moeda])).toEqual([
        ['20DC', 1850, 'USD'],
        ['40HC', 2900, 'USD'],
      ]);
      expect(corpus.taxas.map((t) => [t.nome, t.valor, t.moeda])).toEqual([
        ['THC', 1650, 'BRL'],
        ['BL FEE', 85, 'USD'],
      ]);
      expect(result.final.fretes[0]?.source.origin).toBe('attachment:Cotacao_rev_scan.tif');
      expect(result.detect.reasons).toContain('Cotacao_rev_scan.tif: texto lido por OCR (imagem)');
    }, 60_000);

  it('an attachment of a kind the engine cannot read leaves a reason the reply card lists', async () => {
    const binary = Uint8Array.from({ length: 512 }, (_, i) => (i * 7) % 256);
    const result = await extractFromFile(
      reply(
        ['Bom dia,', '', 'Frete 40HC USD 2.400,00', 'Segue a tabela em anexo.'],
        [{ filename: 'tabela.dat', content: binary }],
      ),
      'resposta.msg',
    );
    expect(result.final.fretes.map((f) => f.valor)).toEqual([2400]);
    const reasons = result.detect.reasons.filter((r) => UNREADABLE.test(r));
    expect(reasons).toEqual(['tabela.dat: não foi possível ler o arquivo: tipo de arquivo não reconhecido']);
  });

  it('attachments past the count limit are named, not dropped silently', async () => {
    const csv = (value: string) => new TextEncoder().encode(`Descrição;Moeda;Valor\nBL fee;USD;${value}\n`);
    const message = reply(
      ['Bom dia,', '', 'Frete 40HC USD 2.400,00'],
      [
        { filename: 'taxas.csv', content: csv('80,00') },
        { filename: 'taxas-2.csv', content: csv('90,00') },
      ],
    );
    const eml = emlWith(
      ['Bom dia,', '', 'Frete 40HC USD 2.400,00'],
      [
        { filename: 'taxas.csv', type: 'text/csv', content: csv('80,00') },
        { filename: 'taxas-2.csv', type: 'text/csv', content: csv('90,00') },
      ],
    );
    for (const [file, name] of [
      [message, 'resposta.msg'],
      [eml, 'resposta.eml'],
    ] as const) {
      const result = await extractFromFile(file, name, { limits: { maxAttachments: 1 } });
      expect(result.final.taxas.itens.map((t) => t.valor)).toEqual([80]);
      expect(result.detect.reasons.filter((r) => UNREADABLE.test(r))).toEqual([
        'taxas-2.csv: não foi possível ler o arquivo: além do limite de 1 anexos por mensagem',
      ]);
    }
  });

  it('a picture of unknown kind shown inside the body (a signature logo) stays ignored without a reason', async () => {
    const logo = Uint8Array.from({ length: 256 }, (_, i) => (i * 13) % 256);
    const result = await extractFromFile(
      emlWith(
        ['Bom dia,', '', 'Frete 40HC USD 2.400,00'],
        [
          { filename: 'image001.emz', type: 'application/octet-stream', content: logo, inline: true },
          { type: 'image/x-wmf', content: logo, inline: true },
        ],
      ),
      'resposta.eml',
    );
    expect(result.final.fretes.map((f) => f.valor)).toEqual([2400]);
    expect(result.detect.reasons.filter((r) => UNREADABLE.test(r))).toEqual([]);
  });
});

describe('QA pass 20: charge codes tesseract misreads in a photographed table', () => {
  const ocrText = [
    'ESTRELA DO SUL TRANSPORTES - TABELA DE FRETE',
    'Frete maritimo 20DC ......... USD 1.780,00',
    'Frete maritimo 40HC ......... USD 2.880,00',
    'THE destino... BRL 1.350,00 / cntr',
    'BE fee 1... USD 55,00 /BL',
    'The destination port is Santos.',
    'THE: USD 10,00',
  ].join('\n');

  it('reads "THE destino" as THC and "BE fee" as BL fee, and leaves sentences alone', () => {
    expect(repairOcrCodes(ocrText).split('\n').slice(3)).toEqual([
      'THC destino... BRL 1.350,00 / cntr',
      'BL fee 1... USD 55,00 /BL',
      'The destination port is Santos.',
      'THC: USD 10,00',
    ]);
  });

  it('a charge the dictionary does not know, under a freight heading, is a charge and not a freight per BL', () => {
    const { final } = extractFromText(
      [
        'TABELA DE FRETE',
        'Frete maritimo 40HC ......... USD 2.880,00',
        'Xpto fee ...... USD 55,00 /BL',
        'Tarifa ...... USD 2.900,00',
      ].join('\n'),
    );
    expect(final.taxas.itens.map((t) => [t.valor, t.moeda, t.unidade])).toEqual([[55, 'USD', 'BL']]);
    expect(final.fretes.map((f) => f.valor)).not.toContain(55);
  });

  it('the repaired table prices the THC and the BL fee as fees, not as freight per BL', () => {
    const { final } = extractFromText(repairOcrCodes(ocrText.split('\n').slice(0, 5).join('\n')));
    expect(final.fretes.map((f) => [f.unidade, f.valor])).toEqual([
      ['20DC', 1780],
      ['40HC', 2880],
    ]);
    expect(final.taxas.itens.map((t) => [t.nome, t.valor, t.moeda, t.unidade])).toEqual([
      ['THC', 1350, 'BRL', 'CNTR'],
      ['BL FEE', 55, 'USD', 'BL'],
    ]);
  });
});

describe('QA pass 18: a forwarded message attached to the reply', () => {
  const localCharges = () =>
    buildPdf([
      [
        'LOCAL CHARGES - SANTOS',
        [
          [50, 'THC'],
          [250, 'BRL 1.600,00'],
          [350, 'por contêiner'],
        ],
        [
          [50, 'BL fee'],
          [250, 'BRL 500,00'],
          [350, 'por BL'],
        ],
      ],
    ]);
  const forwarded = (): MsgContent => ({
    subject: 'Cotação Shanghai x Santos',
    ...SENDER,
    body: [
      'Prezados,',
      '',
      'Frete 40HC Shanghai x Santos: USD 2.400,00',
      'Transit time 35 dias',
      'Taxas locais conforme anexo.',
      ...SIGNATURE,
    ].join('\r\n'),
    attachments: [{ filename: 'Local_charges_Santos.pdf', content: localCharges() }],
  });
  const outer = (attachments: MsgContent['attachments']) =>
    buildMsg({
      subject: 'FW: Cotação Shanghai x Santos',
      senderName: 'João Souza',
      senderEmail: 'joao@orientelog.com.br',
      body: ['Bom dia,', '', 'Segue abaixo a cotação encaminhada.', '', 'Att,', 'João Souza'].join('\r\n'),
      attachments,
    });
  const expectForwarded = (result: ExtractionResult, name: string) => {
    expect(freight(result)).toEqual([['40HC', null, 2400, 'USD', `attachment:${name}`]]);
    expect(fees(result)).toEqual([
      ['THC', null, 1600, 'BRL', 'CNTR', `attachment:${name}/Local_charges_Santos.pdf`],
      ['BL FEE', null, 500, 'BRL', 'BL', `attachment:${name}/Local_charges_Santos.pdf`],
    ]);
  };

  it("reads the attached .msg file's own attachment (Local_charges_Santos.pdf)", async () => {
    const result = await extractFromFile(
      outer([{ filename: 'Cotacao.msg', content: buildMsg(forwarded()) }]),
      'resposta.msg',
    );
    expectForwarded(result, 'Cotacao.msg');
  });

  it('reads a message Outlook embeds ("forward as attachment") with its attachments', async () => {
    const result = await extractFromFile(outer([{ message: forwarded() }]), 'resposta.msg');
    expectForwarded(result, 'Cotação Shanghai x Santos.msg');
  });

  it('reads the attached .msg of an .eml reply the same way', async () => {
    const result = await extractFromFile(
      emlWith(
        ['Bom dia,', '', 'Segue abaixo a cotação encaminhada.'],
        [{ filename: 'Cotacao.msg', type: 'application/vnd.ms-outlook', content: buildMsg(forwarded()) }],
      ),
      'resposta.eml',
    );
    expectForwarded(result, 'Cotacao.msg');
  });

  it('a message forwarded inside a forwarded message is read without its attachments, and says so', async () => {
    const middle = buildMsg({
      subject: 'FW: Cotação',
      ...SENDER,
      body: 'Segue.',
      attachments: [{ filename: 'Cotacao.msg', content: buildMsg(forwarded()) }],
    });
    const result = await extractFromFile(
      outer([{ filename: 'Encaminhada.msg', content: middle }]),
      'resposta.msg',
    );
    // The innermost body is still read; its PDF is past the bound and named.
    expect(freight(result)).toEqual([['40HC', null, 2400, 'USD', 'attachment:Encaminhada.msg/Cotacao.msg']]);
    expect(result.final.taxas.itens).toEqual([]);
    expect(result.detect.reasons.filter((r) => UNREADABLE.test(r))).toEqual([
      'Encaminhada.msg: Cotacao.msg: Local_charges_Santos.pdf: não foi possível ler o arquivo: anexo de uma mensagem encaminhada dentro de outra',
    ]);
  });
});

describe('QA pass 18: a rate sheet with one row per port, attached to an e-mail', () => {
  it("keeps each port's own transit (Santos 38, Paranaguá 40) with the sheet's line", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifas');
    sheet.addRow(['Origem', 'Destino', '20DC (USD)', '40HC (USD)', 'Transit time (dias)']);
    sheet.addRow(['Shanghai', 'Santos', 1750, 2600, 38]);
    sheet.addRow(['Shanghai', 'Paranaguá', 1800, 2650, 40]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const result = await extractFromFile(
      reply(
        ['Bom dia,', '', 'Segue nosso tarifário em anexo.'],
        [{ filename: 'Tarifario.xlsx', content: xlsx }],
      ),
      'resposta.msg',
    );
    expect(result.final.destinos.map((d) => [d.nome, d.transit_time_dias, d.transit_source?.origin])).toEqual(
      [
        ['Santos', 38, 'attachment:Tarifario.xlsx'],
        ['Paranaguá', 40, 'attachment:Tarifario.xlsx'],
      ],
    );
  });
});
