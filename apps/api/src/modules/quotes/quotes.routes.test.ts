import { randomBytes } from 'node:crypto';
import type { QuoteDetail } from '@cotacoes/shared';
import * as XLSX from '@e965/xlsx';
import { eq, inArray, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLE_HEADER, realPdf, realWorkbook } from '../../../test/document-fixtures.js';
import { type Actor, type Call, caller, onboardedCompany, validCnpj } from '../../../test/factories/index.js';
import { startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, MINIMAL_PDF, type TestContext, waitFor } from '../../../test/helpers.js';
import { cotacaoUploads, cotacoes, mailOutbox } from '../../db/schema/index.js';

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let call: Call;
let a: { supervisor: Actor; empresaId: string };
let b: { supervisor: Actor; empresaId: string };
let grupoAsia: string;
let carriers: { id: string; nome: string; email: string }[];
let foreignCarrier: string;
let sequence = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    CNPJ_API_URL: 'http://127.0.0.1:9/off',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  });
  call = caller(ctx);
  a = await onboardedCompany(ctx.app, {
    email: 'sup@cot-alfa.com.br',
    nome: 'Alfa Importadora',
    cnpj: validCnpj(5001),
  });
  b = await onboardedCompany(ctx.app, { email: 'sup@cot-beta.com.br', nome: 'Beta', cnpj: validCnpj(5002) });
  grupoAsia = (await call('POST', '/api/groups', a.supervisor.token, { nome: 'Ásia' })).json().id;
  carriers = [];
  for (const [nome, email] of [
    ['Navegação Atlântica', 'pricing@atlantica.com.br;comercial@atlantica.com.br'],
    ['Pacífico Cargas', 'cotacoes@pacifico.com.br'],
    ['Rota Sul', 'import@rotasul.com.br'],
  ] as const) {
    const created = await call('POST', '/api/transporters', a.supervisor.token, {
      nome,
      email,
      grupos: nome === 'Rota Sul' ? [] : [grupoAsia],
    });
    carriers.push(created.json());
  }
  foreignCarrier = (
    await call('POST', '/api/transporters', b.supervisor.token, {
      nome: 'Da Beta',
      email: 'x@beta-agente.com',
    })
  ).json().id;
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

function manual(overrides: Record<string, unknown> = {}) {
  return {
    nomeSolicitante: 'Supervisor Alfa',
    referenciaProcesso: `IMP-2026-${++sequence}`,
    tipoFrete: 'FCL',
    origem: 'Shanghai, CN',
    destino: 'Santos, BR',
    incoterm: 'FOB',
    tempoTransito: '35 dias',
    pesoBrutoTotal: '18.500 kg',
    cargaPerigosa: false,
    itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '20 caixas', dimensoes: '120x80x90 cm' }],
    destinatarios: { transportadores: [], grupos: [grupoAsia] },
    ...overrides,
  };
}

async function quoteCount(): Promise<number> {
  return (await ctx.app.services.database.db.select().from(cotacoes)).length;
}
async function outboxCount(): Promise<number> {
  return (await ctx.app.services.database.db.select().from(mailOutbox)).length;
}
function messagesWith(codigo: string) {
  return sink.messages.filter((m) => m.subject.includes(codigo));
}

function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; content: Buffer }[],
) {
  const boundary = `----q${++sequence}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: {
      authorization: `Bearer ${a.supervisor.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  };
}

const pdfBytes = Buffer.from(MINIMAL_PDF);

describe('creating and sending', () => {
  it('bcc mode: one message to the group in Bcc, reply address with the quote token, quote PDF attached', async () => {
    const response = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({ tituloEmail: 'Peças Shanghai' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const quote: QuoteDetail = response.json();
    expect(quote).toMatchObject({
      codigo: expect.stringMatching(/^COT-\d{4}-\d{4}$/),
      status: 'AGUARDANDO_RESPOSTA',
      contadorRespostas: { respondidas: 0, total: 2 },
      modoEnvio: 'bcc',
      tituloEmail: `Cotação ${quote.codigo} - Peças Shanghai`,
      grupos: [{ id: grupoAsia, nome: 'Ásia' }],
    });
    expect(quote.destinatarios.map((d) => d.nome)).toEqual(['Navegação Atlântica', 'Pacífico Cargas']);
    expect(new Date(quote.prazoResposta).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const [message] = await waitFor(() =>
      messagesWith(quote.codigo).length === 1 ? messagesWith(quote.codigo) : undefined,
    );
    const reply = message!.to.find((address) => address.startsWith('cotacoes+'));
    expect(reply).toMatch(/^cotacoes\+[0-9a-f]{32}@importadora\.com\.br$/);
    expect(message!.to.filter((address) => address !== reply).sort()).toEqual([
      'comercial@atlantica.com.br',
      'cotacoes@pacifico.com.br',
      'pricing@atlantica.com.br',
    ]);
    expect(message!.toHeader).toMatch(/^cotacoes\+[0-9a-f]{32}@importadora\.com\.br$/);
    expect(message!.bccHeader).toBe('');
    const [row] = await ctx.app.services.database.db.select().from(cotacoes).where(eq(cotacoes.id, quote.id));
    expect(message!.replyTo).toBe(`cotacoes+${row!.replyToken}@importadora.com.br`);
    expect(message!.messageId).toBe(row!.messageId);
    expect(message!.text).toContain('Shanghai, CN');
    expect(message!.text).toContain('Peças de máquinas');
    expect(message!.attachments.map((f) => f.filename)).toEqual([`${quote.codigo}.pdf`]);
    const pdfText = (
      await extractText(await getDocumentProxy(new Uint8Array(message!.attachments[0]!.content)), {
        mergePages: true,
      })
    ).text;
    expect(pdfText).toContain(quote.codigo);
    expect(pdfText).toContain('Peças de máquinas');

    const detail: QuoteDetail = await waitFor(async () => {
      const current: QuoteDetail = (await call('GET', `/api/quotes/${quote.id}`, a.supervisor.token)).json();
      return current.destinatarios.every((d) => d.estadoEnvio === 'enviado') ? current : undefined;
    });
    expect(detail.destinatarios[0]!.enviadoEm).not.toBeNull();
  });

  it('individual mode: one message per carrier, each with its own reply token, in English when asked', async () => {
    const response = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({
        modoEnvio: 'individual',
        idiomaEmail: 'en',
        destinatarios: { transportadores: [carriers[2]!.id, carriers[0]!.id], grupos: [grupoAsia] },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const quote: QuoteDetail = response.json();
    expect(quote.tituloEmail).toMatch(/^Quotation COT-/);
    expect(quote.contadorRespostas.total).toBe(3);
    const messages = await waitFor(() =>
      messagesWith(quote.codigo).length === 3 ? messagesWith(quote.codigo) : undefined,
    );
    const byRecipient = new Map(messages.map((m) => [m.to.sort().join(','), m]));
    expect([...byRecipient.keys()].sort()).toEqual([
      'comercial@atlantica.com.br,pricing@atlantica.com.br',
      'cotacoes@pacifico.com.br',
      'import@rotasul.com.br',
    ]);
    const replies = messages.map((m) => m.replyTo);
    expect(new Set(replies).size).toBe(3);
    for (const reply of replies) expect(reply).toMatch(/^cotacoes\+[0-9a-f]{32}@importadora\.com\.br$/);
    // The month in letters: '11/12/2026' reads as November to an American forwarder (QA pass 19).
    expect(messages[0]!.text).toMatch(
      /Please reply by \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Brasília time\)\./,
    );
    // No file was uploaded: the e-mail says only its own PDF goes with it (QA pass 10).
    expect(messages[0]!.text).toContain('This request is also attached as a PDF.');
    expect(messages[0]!.text).not.toContain('The request files are attached.');
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(3);
    // In the company's name, at the platform's address (QA pass 10: every importer's came from the same name).
    const empresa = 'Alfa Importadora';
    for (const message of messages)
      expect(message.from).toEqual({
        name: `${empresa} via Sistema de Cotações`,
        address: 'nao-responda@cotacoes.local',
      });
  });

  it('sends the body edited in the preview (descricaoGeral) as it is, with the code in place of its placeholder', async () => {
    const corpo = 'Dear partner,\n\nPlease quote {code assigned on sending} by Friday.\n\nBest regards,\nAna';
    const response = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({
        modoEnvio: 'individual',
        idiomaEmail: 'en',
        descricaoGeral: corpo,
        destinatarios: { transportadores: [carriers[2]!.id], grupos: [] },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const quote: QuoteDetail = response.json();
    const [message] = await waitFor(() =>
      messagesWith(quote.codigo).length === 1 ? messagesWith(quote.codigo) : undefined,
    );
    // The edited body as it is, then the carrier's own portal link, in the request's language first, then pt-BR.
    expect(message!.text.trim()).toMatch(
      new RegExp(
        `^Dear partner,\n\nPlease quote ${quote.codigo} by Friday\\.\n\nBest regards,\nAna\n\n` +
          'Answer through the portal: http://127\\.0\\.0\\.1:3000/portal/([\\w-]{43})\n' +
          'Responder pelo portal: http://127\\.0\\.0\\.1:3000/portal/\\1$',
      ),
    );
    expect(message!.html).toContain(`Please quote ${quote.codigo} by Friday.`);
    expect(message!.html).not.toContain('Reference code');
    // The data still travel in the attached PDF.
    expect(message!.attachments.map((f) => f.filename)).toEqual([`${quote.codigo}.pdf`]);
  });

  it('PDF format (multipart): the uploaded file and the dangerous-cargo document travel with the request', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    const form = multipart(
      {
        nomeSolicitante: 'Supervisor Alfa',
        referenciaProcesso: 'PDF-Ó-1',
        tipoFrete: 'LCL',
        metodoEnvio: 'PDF',
        cargaPerigosa: 'true',
        'destinatarios[transportadores]': JSON.stringify([carriers[2]!.id]),
        'destinatarios[grupos]': '[]',
      },
      [
        { name: 'file', filename: 'pedido.pdf', content: pdfBytes },
        { name: 'dangerousCargoFile', filename: 'msds.png', content: png },
      ],
    );
    const response = await ctx.app.inject({ method: 'POST', url: '/api/quotes/create-with-file', ...form });
    expect(response.statusCode, response.body).toBe(201);
    const quote: QuoteDetail = response.json();
    expect(quote.anexos).toEqual([
      { tipo: 'arquivo', nome: 'pedido.pdf', tamanho: pdfBytes.length },
      { tipo: 'carga_perigosa', nome: 'msds.png', tamanho: png.length },
    ]);
    const [message] = await waitFor(() =>
      messagesWith(quote.codigo).length ? messagesWith(quote.codigo) : undefined,
    );
    expect(message!.attachments.map((f) => [f.filename, f.contentType])).toEqual([
      ['pedido.pdf', 'application/pdf'],
      ['msds.png', 'image/png'],
      [`${quote.codigo}.pdf`, 'application/pdf'],
    ]);
    expect(message!.attachments[0]!.content.equals(pdfBytes)).toBe(true);
    expect(message!.text).toContain('Os arquivos da solicitação seguem em anexo.');
    expect(message!.text).not.toContain('Esta solicitação segue também em PDF');
  });

  it('Excel format accepts a real xlsx and refuses a PDF, by content not by name', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['Item', 'Qtd'],
        ['Peças', '20'],
      ]),
      'Pedido',
    );
    const xlsx = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const fields = {
      nomeSolicitante: 'S',
      referenciaProcesso: 'XLS-1',
      tipoFrete: 'FCL',
      metodoEnvio: 'EXCEL',
      'destinatarios[grupos]': JSON.stringify([grupoAsia]),
    };
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      ...multipart(fields, [{ name: 'file', filename: 'pedido.xlsx', content: xlsx }]),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const before = [await quoteCount(), await outboxCount()];
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      ...multipart(fields, [{ name: 'file', filename: 'disfarcado.xlsx', content: pdfBytes }]),
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe('Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      ...multipart(fields, []),
    });
    expect(missing.json().message).toBe('Arquivo é obrigatório');
    expect([await quoteCount(), await outboxCount()]).toEqual(before);
  });

  it('codes are unique and sequential per company', async () => {
    const first: QuoteDetail = (await call('POST', '/api/quotes', a.supervisor.token, manual())).json();
    const second: QuoteDetail = (await call('POST', '/api/quotes', a.supervisor.token, manual())).json();
    const n = (codigo: string) => Number(codigo.slice(-4));
    expect(n(second.codigo)).toBe(n(first.codigo) + 1);
    const rota = (
      await call('POST', '/api/transporters', b.supervisor.token, { nome: 'B2', email: 'b2@beta-agente.com' })
    ).json().id;
    const other: QuoteDetail = (
      await call(
        'POST',
        '/api/quotes',
        b.supervisor.token,
        manual({ destinatarios: { transportadores: [rota], grupos: [] } }),
      )
    ).json();
    expect(other.codigo.slice(-4)).toBe('0001');
  });
});

describe('bad input creates nothing and queues nothing', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['no requester', { nomeSolicitante: ' ' }, 400, 'Nome do solicitante é obrigatório'],
    ['no reference', { referenciaProcesso: '' }, 400, 'Referência do processo é obrigatória'],
    ['no origin (manual)', { origem: '' }, 400, 'Origem é obrigatória'],
    ['no destination (manual)', { destino: null }, 400, 'Destino é obrigatório'],
    ['bad freight type', { tipoFrete: 'NAVIO' }, 400, 'Tipo de frete é obrigatório'],
    [
      'deadline in the past',
      { prazoResposta: '2020-01-01T10:00:00-03:00' },
      400,
      'O prazo de resposta não pode estar no passado.',
    ],
    [
      'no recipients',
      { destinatarios: { transportadores: [], grupos: [] } },
      400,
      'Selecione pelo menos um agente de carga ou grupo como destinatário.',
    ],
    ['unknown field', { hacker: true }, 400, 'Campo não permitido: hacker'],
  ];
  for (const [label, overrides, status, message] of cases) {
    it(label, async () => {
      const before = [await quoteCount(), await outboxCount()];
      const response = await call('POST', '/api/quotes', a.supervisor.token, manual(overrides));
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
      expect([await quoteCount(), await outboxCount()]).toEqual(before);
    });
  }

  // From another address: the 30 creations a minute per IP (CREATE_LIMIT) are this file's other tests'.
  const amountCases: [string, Record<string, unknown>, number, string][] = [
    // QA pass 42b: these reached the carriers in the request e-mail.
    [
      'deadline in the year 9999',
      { prazoResposta: '9999-12-31T23:59:00Z' },
      400,
      'O prazo de resposta deve ser de no máximo 1 ano a partir de hoje.',
    ],
    ['negative weight', { pesoBrutoTotal: '-1500 kg' }, 400, 'Informe um peso bruto maior que zero.'],
    [
      'negative transit time',
      { tempoTransito: '-5 dias' },
      400,
      'Informe um tempo de trânsito maior que zero.',
    ],
    [
      'a cargo item of zero',
      { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '0 contêineres', dimensoes: null }] },
      400,
      'Informe uma quantidade de volumes maior que zero em cada item.',
    ],
  ];
  for (const [label, overrides, status, message] of amountCases) {
    it(label, async () => {
      const before = [await quoteCount(), await outboxCount()];
      const response = await call('POST', '/api/quotes', a.supervisor.token, manual(overrides), '10.0.42.2');
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
      expect([await quoteCount(), await outboxCount()]).toEqual(before);
    });
  }

  it('a recipient of another company answers 404; an empty group answers 400 naming it', async () => {
    const before = [await quoteCount(), await outboxCount()];
    const foreign = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({ destinatarios: { transportadores: [foreignCarrier], grupos: [] } }),
    );
    expect(foreign.statusCode).toBe(404);
    const vazio = (await call('POST', '/api/groups', a.supervisor.token, { nome: 'Vazio' })).json().id;
    const empty = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({ destinatarios: { transportadores: [], grupos: [vazio] } }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('O grupo "Vazio" não tem agentes de carga ativos.');
    expect([await quoteCount(), await outboxCount()]).toEqual(before);
  });

  it('an inactive carrier named directly answers 422 naming it, and nothing is sent (QA pass 19)', async () => {
    const created = await call('POST', '/api/transporters', a.supervisor.token, {
      nome: 'Desligada Cargo',
      email: 'pricing@desligada.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await call('PATCH', `/api/transporters/${id}`, a.supervisor.token, { ativo: false });
    const before = [await quoteCount(), await outboxCount()];
    const refused = await call(
      'POST',
      '/api/quotes',
      a.supervisor.token,
      manual({ destinatarios: { transportadores: [id], grupos: [] } }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'O agente de carga "Desligada Cargo" está inativo: reative-o em Agentes de Carga ou retire-o da cotação.',
    );
    expect([await quoteCount(), await outboxCount()]).toEqual(before);
  });

  it('an upload over the limit answers 413', async () => {
    const big = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      ...multipart(
        {
          nomeSolicitante: 'S',
          referenciaProcesso: 'BIG',
          tipoFrete: 'FCL',
          metodoEnvio: 'PDF',
          'destinatarios[grupos]': JSON.stringify([grupoAsia]),
        },
        [{ name: 'file', filename: 'grande.pdf', content: big }],
      ),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('O arquivo excede o tamanho máximo de 10 MB.');
  });
});

describe('list, detail and PDF', () => {
  let empresa: { supervisor: Actor; empresaId: string };
  let ids: string[];

  beforeAll(async () => {
    empresa = await onboardedCompany(ctx.app, {
      email: 'sup@cot-gama.com.br',
      nome: 'Gama',
      cnpj: validCnpj(5003),
    });
    const carrier = (
      await call('POST', '/api/transporters', empresa.supervisor.token, {
        nome: 'G',
        email: 'g@gama-agente.com',
      })
    ).json().id;
    ids = [];
    for (const [ref, fti] of [
      ['Importação Máquinas', 'FTI-001'],
      ['Peças São Paulo', null],
      ['Tecidos', 'FTI-777'],
    ] as const) {
      const created = await call(
        'POST',
        '/api/quotes',
        empresa.supervisor.token,
        manual({ referenciaProcesso: ref, fti, destinatarios: { transportadores: [carrier], grupos: [] } }),
      );
      ids.push(created.json().id);
    }
    // One finished quote for the second tab.
    await ctx.app.services.database.db
      .update(cotacoes)
      .set({ status: 'APROVADA' })
      .where(eq(cotacoes.id, ids[2]!));
  });

  const list = async (query: string) =>
    (await call('GET', `/api/quotes?${query}`, empresa.supervisor.token)).json();

  it('lists newest first with tabs, status filter, unaccented search and pagination', async () => {
    const sent = await list('tab=enviadas');
    expect(sent).toMatchObject({ total: 2, totalPages: 1, page: 1 });
    expect(sent.data.map((q: { referenciaProcesso: string }) => q.referenciaProcesso)).toEqual([
      'Peças São Paulo',
      'Importação Máquinas',
    ]);
    expect((await list('tab=finalizadas')).data.map((q: { status: string }) => q.status)).toEqual([
      'APROVADA',
    ]);
    expect((await list('status=AGUARDANDO_APROVACAO')).total).toBe(0);
    expect((await list('search=importacao maquinas')).total).toBe(1);
    expect((await list('search=SAO PAULO')).total).toBe(1);
    expect((await list('search=fti-777')).total).toBe(1);
    expect((await list('search=supervisor alfa')).total).toBe(3);
    // The route too (the QA pass searched a port): every quote here is from Shanghai, none from Ningbo.
    const route = (await call('GET', `/api/quotes/${ids[0]}`, empresa.supervisor.token)).json();
    const origin = String(route.origem).split(',')[0]!.normalize('NFD').replace(/\p{M}/gu, '');
    expect((await list(`search=${encodeURIComponent(origin.toUpperCase())}`)).total).toBe(3);
    expect((await list('search=ningbo')).total).toBe(0);
    const firstCode = (await list('limit=1&page=3')).data[0].codigo;
    expect(firstCode).toMatch(/0001$/);
    expect(await list('limit=1&page=1')).toMatchObject({ total: 3, totalPages: 3 });
  });

  it('vencidas=true lists only the quotes whose deadline has passed, alone or with a search', async () => {
    const db = ctx.app.services.database.db;
    // Both waiting quotes await approval; only the first one's deadline has passed.
    await db
      .update(cotacoes)
      .set({ status: 'AGUARDANDO_APROVACAO' })
      .where(inArray(cotacoes.id, ids.slice(0, 2)));
    await db
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 3_600_000) })
      .where(eq(cotacoes.id, ids[0]!));
    const overdue = await list('tab=enviadas&status=AGUARDANDO_APROVACAO&vencidas=true');
    expect(overdue).toMatchObject({ total: 1, totalPages: 1, page: 1 });
    expect(overdue.data.map((q: { id: string }) => q.id)).toEqual([ids[0]]);
    expect((await list('tab=enviadas&status=AGUARDANDO_APROVACAO')).total).toBe(2);
    expect((await list('vencidas=true&search=importacao maquinas')).total).toBe(1);
    expect((await list('vencidas=true&search=sao paulo')).total).toBe(0);
    expect((await list('vencidas=false&status=AGUARDANDO_APROVACAO')).total).toBe(2);
    const bad = await call('GET', '/api/quotes?vencidas=talvez', empresa.supervisor.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Valor inválido: use true ou false.');
    // Back as the other tests expect them.
    await db
      .update(cotacoes)
      .set({ status: 'AGUARDANDO_RESPOSTA', prazoResposta: new Date(Date.now() + 7 * 86_400_000) })
      .where(inArray(cotacoes.id, ids.slice(0, 2)));
  });

  it('detail and PDF are the company’s own: another company gets 404', async () => {
    const mine = await call('GET', `/api/quotes/${ids[0]}`, empresa.supervisor.token);
    expect(mine.statusCode).toBe(200);
    const foreign = await call('GET', `/api/quotes/${ids[0]}`, a.supervisor.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Cotação não encontrada');
    expect((await call('GET', `/api/quotes/${ids[0]}/pdf`, a.supervisor.token)).statusCode).toBe(404);
    const pdf = await call('GET', `/api/quotes/${ids[0]}/pdf`, empresa.supervisor.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    for (const expected of [
      'Solicitação de cotação de frete',
      'Gama',
      'Importação Máquinas',
      'Shanghai, CN',
      'Santos, BR',
      'Peças de máquinas',
    ])
      expect(text).toContain(expected);
  });
});

describe('search beyond the count cap', () => {
  it('a tab counts up to 1,000, a common search term up to 100, both page newest first; a rare one is found among them', async () => {
    const empresa = await onboardedCompany(ctx.app, {
      email: 'sup@cot-delta.com.br',
      nome: 'Delta',
      cnpj: validCnpj(5004),
    });
    await ctx.app.services.database.db.execute(sql`
      insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
        prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, created_at)
      select ${empresa.empresaId}, 'COT-2026-' || lpad(n::text, 5, '0'), 'AGUARDANDO_RESPOSTA', 'Ana',
        'Embarque ' || n || case when n = 17 then ' Guarulhos' else '' end, 'FCL', now() + interval '7 days',
        'EMAIL', 'bcc', 'pt', 'x', md5(${empresa.empresaId} || n::text), now() - (n || ' minutes')::interval
      from generate_series(1, 1050) n`);
    const list = async (query: string) =>
      (await call('GET', `/api/quotes?${query}`, empresa.supervisor.token)).json();

    const tab = await list('tab=enviadas&page=100&limit=10');
    expect(tab).toMatchObject({ total: 1000, totalLimitado: true, totalPages: 100, page: 100 });
    expect(tab.data.map((q: { codigo: string }) => q.codigo)[0]).toBe('COT-2026-00991');
    expect(await list('tab=finalizadas&limit=1')).toMatchObject({ total: 0, data: [] });
    const common = await list('tab=enviadas&search=embarque&page=2&limit=10');
    expect(common).toMatchObject({ total: 100, totalLimitado: true, totalPages: 10, page: 2 });
    expect(common.data.map((q: { codigo: string }) => q.codigo)).toEqual(
      Array.from({ length: 10 }, (_, i) => `COT-2026-${String(11 + i).padStart(5, '0')}`),
    );
    const deep = await list('tab=enviadas&search=embarque&page=60&limit=10');
    expect(deep.data.map((q: { codigo: string }) => q.codigo)[0]).toBe('COT-2026-00591');
    const beyond = await list('tab=enviadas&search=embarque&page=100&limit=100');
    expect(beyond).toMatchObject({ total: 100, totalLimitado: true, data: [] });
    const rare = await list('search=GUARULHOS');
    expect(rare).toMatchObject({ total: 1, totalPages: 1 });
    expect(rare.data[0].codigo).toBe('COT-2026-00017');
    expect(rare.totalLimitado).toBeUndefined();
    // A code is found whole or by its end, never by its serial alone matching another code's digits.
    for (const term of ['COT-2026-00017', 'cot-2026-00017', '2026-00017'])
      expect((await list(`search=${term}`)).data.map((q: { codigo: string }) => q.codigo)).toEqual([
        'COT-2026-00017',
      ]);
    expect((await list('search=COT-2025-00017')).total).toBe(0);
    expect((await list('search=00017')).total).toBe(1);
    const some = await list('search=embarque 104&limit=5');
    expect(some.total).toBe(11); // 104 and 1040–1049
    expect(some.data.map((q: { codigo: string }) => q.codigo)).toEqual([
      'COT-2026-00104',
      'COT-2026-01040',
      'COT-2026-01041',
      'COT-2026-01042',
      'COT-2026-01043',
    ]);
    expect((await list('search=embarque 104&limit=5&page=4')).data).toEqual([]);
  });
});

describe('tab and status totals (cotacao_contagens, kept by a trigger)', () => {
  it('follow every creation, status change and deletion; a company with quotes can still be deleted', async () => {
    const empresa = await onboardedCompany(ctx.app, {
      email: 'sup@cot-eps.com.br',
      nome: 'Epsilon',
      cnpj: validCnpj(5005),
    });
    const db = ctx.app.services.database.db;
    const insert = (empresaId: string, from: number, count: number, status: string) =>
      db.execute(sql`
        insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
          prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token)
        select ${empresaId}, 'COT-2026-' || lpad(n::text, 5, '0'), ${status}, 'Ana', 'Ref ' || n, 'FCL',
          now() + interval '7 days', 'EMAIL', 'bcc', 'pt', 'x', md5(${empresaId} || n::text)
        from generate_series(${from}::int, ${from + count - 1}::int) n`);
    const total = async (query: string) =>
      (await call('GET', `/api/quotes?${query}&limit=1`, empresa.supervisor.token)).json().total;
    const totals = async () => [await total('tab=enviadas'), await total('tab=finalizadas')];
    /** The counters against a real count: any drift in any company is a row here. */
    const drift = async () =>
      (
        await db.execute(sql`
          select * from cotacao_contagens n full join (
            select empresa_id, status, count(*)::int as real from cotacoes where deleted_at is null group by 1, 2
          ) r using (empresa_id, status) where coalesce(n.total, 0) <> coalesce(r.real, 0)`)
      ).rows;

    await insert(empresa.empresaId, 1, 5, 'AGUARDANDO_RESPOSTA');
    await insert(empresa.empresaId, 6, 2, 'AGUARDANDO_REVISAO');
    await insert(empresa.empresaId, 8, 3, 'APROVADA');
    expect(await totals()).toEqual([7, 3]);
    expect(await total('tab=enviadas&status=AGUARDANDO_REVISAO')).toBe(2);

    const ids = (
      await db.execute(
        sql`select id, codigo from cotacoes where empresa_id = ${empresa.empresaId} order by codigo`,
      )
    ).rows as { id: string }[];
    const patch = await call('PATCH', `/api/quotes/${ids[0]!.id}`, empresa.supervisor.token, {
      status: 'CANCELADA',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await totals()).toEqual([6, 4]);
    expect((await call('DELETE', `/api/quotes/${ids[1]!.id}`, empresa.supervisor.token)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/quotes/${ids[0]!.id}`, empresa.supervisor.token)).statusCode).toBe(
      200,
    );
    expect(await totals()).toEqual([5, 3]);

    // Changes in both directions in one statement (the trigger locks counter rows in status order).
    await db.execute(sql`
      update cotacoes set status = case status when 'AGUARDANDO_RESPOSTA' then 'APROVADA'
        when 'APROVADA' then 'AGUARDANDO_RESPOSTA' else status end
      where empresa_id = ${empresa.empresaId}`);
    expect(await totals()).toEqual([5, 3]);
    expect(await total('tab=enviadas&status=AGUARDANDO_RESPOSTA')).toBe(3);
    await db.execute(sql`delete from cotacoes where id = ${ids[2]!.id}`);
    expect(await total('tab=finalizadas')).toBe(2);
    expect(await drift()).toEqual([]);

    const [other] = (
      await db.execute(sql`insert into empresas (nome, codigo) values ('Zeta', 'ZETA-CONT') returning id`)
    ).rows as { id: string }[];
    await insert(other!.id, 1, 4, 'FECHADA');
    expect(
      (await db.execute(sql`select total from cotacao_contagens where empresa_id = ${other!.id}`)).rows,
    ).toEqual([{ total: 4 }]);
    await db.execute(sql`delete from empresas where id = ${other!.id}`);
    expect(
      (await db.execute(sql`select 1 from cotacao_contagens where empresa_id = ${other!.id}`)).rows,
    ).toEqual([]);
    expect(await drift()).toEqual([]);
  });
});

describe('editing, closing and deleting a quote', () => {
  async function created(): Promise<QuoteDetail> {
    const response = await call('POST', '/api/quotes', a.supervisor.token, manual({ fti: 'FTI-9' }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('PATCH changes the bookkeeping fields and the deadline, and keeps what was sent', async () => {
    const quote = await created();
    const prazo = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const response = await call('PATCH', `/api/quotes/${quote.id}`, a.supervisor.token, {
      referenciaProcesso: '  IMP-EDITADA  ',
      fti: '',
      prazoResposta: prazo,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: QuoteDetail = response.json();
    expect(edited).toMatchObject({
      referenciaProcesso: 'IMP-EDITADA',
      fti: null,
      prazoResposta: prazo,
      nomeSolicitante: quote.nomeSolicitante,
      status: 'AGUARDANDO_RESPOSTA',
      tituloEmail: quote.tituloEmail,
    });
    expect(edited.destinatarios.map((r) => r.transportadorId)).toEqual(
      quote.destinatarios.map((r) => r.transportadorId),
    );
    // The search follows the new reference.
    const found = await call('GET', '/api/quotes?search=imp-editada', a.supervisor.token);
    expect(found.json().data.map((q: { id: string }) => q.id)).toEqual([quote.id]);
  });

  it('bad edits answer with the message and change nothing', async () => {
    const quote = await created();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ prazoResposta: new Date(Date.now() - 60_000).toISOString() }, 400, /não pode estar no passado/],
      [{ referenciaProcesso: '   ' }, 400, /Referência do processo é obrigatória/],
      [{ status: 'APROVADA' }, 400, /só pode ser encerrada ou cancelada/],
      [{}, 400, /Nenhuma alteração informada/],
      [{ codigo: 'COT-1' }, 400, /Campo não permitido/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('PATCH', `/api/quotes/${quote.id}`, a.supervisor.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toMatch(message);
    }
    const after = (await call('GET', `/api/quotes/${quote.id}`, a.supervisor.token)).json();
    expect(after).toMatchObject({
      referenciaProcesso: quote.referenciaProcesso,
      prazoResposta: quote.prazoResposta,
      status: quote.status,
      fti: 'FTI-9',
    });
    const foreign = await call('PATCH', `/api/quotes/${quote.id}`, b.supervisor.token, { fti: 'X' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Cotação não encontrada');
  });

  it('closing or cancelling moves the quote to the finished tab; a finished quote cannot change', async () => {
    const quote = await created();
    expect(quote.cancelamento ?? null).toBeNull();
    const before = Date.now();
    const closed = await call('PATCH', `/api/quotes/${quote.id}`, a.supervisor.token, {
      status: 'CANCELADA',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('CANCELADA');
    // The detail says who cancelled it and when (its audit row), as it says who approved an approved one.
    const detail = (await call('GET', `/api/quotes/${quote.id}`, a.supervisor.token)).json() as QuoteDetail;
    expect(closed.json().cancelamento).toEqual(detail.cancelamento);
    expect(detail.cancelamento).toMatchObject({ canceladoPor: 'Supervisor Alfa Importadora' });
    const at = Date.parse(detail.cancelamento!.canceladoEm);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    const finished = await call('GET', '/api/quotes?tab=finalizadas&limit=100', a.supervisor.token);
    expect(finished.json().data.map((q: { id: string }) => q.id)).toContain(quote.id);
    const again = await call('PATCH', `/api/quotes/${quote.id}`, a.supervisor.token, { fti: 'NOVO' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta cotação já foi finalizada (Cancelada) e não pode ser alterada.');
    expect((await call('GET', `/api/quotes/${quote.id}`, a.supervisor.token)).json().fti).toBe('FTI-9');
  });

  it('DELETE takes the quote out of lists and detail, keeps its rows, and answers 404 for other companies', async () => {
    const quote = await created();
    const foreign = await call('DELETE', `/api/quotes/${quote.id}`, b.supervisor.token);
    expect(foreign.statusCode).toBe(404);
    const response = await call('DELETE', `/api/quotes/${quote.id}`, a.supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Cotação excluída com sucesso!');
    expect((await call('GET', `/api/quotes/${quote.id}`, a.supervisor.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/quotes/${quote.id}/pdf`, a.supervisor.token)).statusCode).toBe(404);
    const listed = await call('GET', `/api/quotes?search=${quote.codigo}`, a.supervisor.token);
    expect(listed.json().total).toBe(0);
    expect((await call('DELETE', `/api/quotes/${quote.id}`, a.supervisor.token)).statusCode).toBe(404);
    const [row] = await ctx.app.services.database.db.select().from(cotacoes).where(eq(cotacoes.id, quote.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

describe('POST /quotes/upload', () => {
  async function upload(filename: string, content: Buffer, token = a.supervisor.token) {
    const form = multipart({}, [{ name: 'file', filename, content }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  }

  it('keeps a file that a JSON quote then carries, once', async () => {
    const sent = await upload('pedido-json.pdf', pdfBytes);
    expect(sent.statusCode, sent.body).toBe(201);
    const file = sent.json();
    expect(file).toMatchObject({ nome: 'pedido-json.pdf', tamanho: pdfBytes.length, tipo: 'pdf' });
    expect(new Date(file.expiraEm).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const body = manual({ metodoEnvio: 'PDF', arquivoId: file.id, origem: undefined, destino: undefined });
    const response = await call('POST', '/api/quotes', a.supervisor.token, body);
    expect(response.statusCode, response.body).toBe(201);
    const quote: QuoteDetail = response.json();
    expect(quote.anexos).toEqual([{ tipo: 'arquivo', nome: 'pedido-json.pdf', tamanho: pdfBytes.length }]);
    const [message] = await waitFor(() =>
      messagesWith(quote.codigo).length ? messagesWith(quote.codigo) : undefined,
    );
    expect(message!.attachments[0]!.content.equals(pdfBytes)).toBe(true);

    const before = await quoteCount();
    const reused = await call('POST', '/api/quotes', a.supervisor.token, {
      ...body,
      referenciaProcesso: 'Outra',
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(
      'Arquivo enviado não encontrado ou expirado. Envie o arquivo novamente.',
    );
    expect(await quoteCount()).toBe(before);
  });

  it('an upload older than 24 h cannot be used and is dropped at the next upload; no file answers 400', async () => {
    const db = ctx.app.services.database.db;
    const old = (await upload('antigo.pdf', pdfBytes)).json();
    await db
      .update(cotacaoUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(cotacaoUploads.id, old.id));
    const late = await call('POST', '/api/quotes', a.supervisor.token, {
      ...manual({ metodoEnvio: 'PDF', arquivoId: old.id }),
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(
      'Arquivo enviado não encontrado ou expirado. Envie o arquivo novamente.',
    );
    expect((await db.select().from(cotacaoUploads).where(eq(cotacaoUploads.id, old.id))).length).toBe(1);
    expect((await upload('novo.pdf', pdfBytes)).statusCode).toBe(201);
    expect((await db.select().from(cotacaoUploads).where(eq(cotacaoUploads.id, old.id))).length).toBe(0);

    const form = multipart({ nada: 'x' }, []);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/quotes/upload', ...form });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Arquivo é obrigatório');
  });

  it('refuses unknown content and files over the limit; another company cannot use the upload', async () => {
    const bad = await upload('planilha.xlsx', Buffer.from('isto não é uma planilha'));
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toMatch(/^Tipo de arquivo inválido/);
    const big = await upload('grande.pdf', Buffer.concat([pdfBytes, Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);

    const file = (await upload('pedido.pdf', pdfBytes)).json();
    const foreignQuote = await call('POST', '/api/quotes', b.supervisor.token, {
      ...manual({ metodoEnvio: 'PDF', arquivoId: file.id }),
      destinatarios: { transportadores: [foreignCarrier], grupos: [] },
    });
    expect(foreignQuote.statusCode).toBe(404);
    // A PDF upload is not an Excel request file.
    const wrongKind = await call('POST', '/api/quotes', a.supervisor.token, {
      ...manual({ metodoEnvio: 'EXCEL', arquivoId: file.id }),
    });
    expect(wrongKind.statusCode).toBe(415);
    expect(wrongKind.json().message).toBe(
      'Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.',
    );
  });
});

describe('files that start right but do not open (issue 18)', () => {
  it('refuses a bare %PDF-, truncated PDF/XLSX/XLS and an OLE header with garbage, on every entry point', async () => {
    const pdf = await realPdf(2);
    const xlsx = realWorkbook('xlsx');
    const xls = realWorkbook('biff8');
    const broken: [string, Buffer, 'PDF' | 'EXCEL'][] = [
      ['cinco.pdf', Buffer.from('%PDF-'), 'PDF'],
      ['cortado.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)), 'PDF'],
      ['cortada.xlsx', xlsx.subarray(0, xlsx.length - 30), 'EXCEL'],
      ['cortada.xls', xls.subarray(0, Math.floor(xls.length / 2)), 'EXCEL'],
      ['lixo.xls', Buffer.concat([OLE_HEADER, randomBytes(8192)]), 'EXCEL'],
    ];
    const fields = (metodoEnvio: string) => ({
      nomeSolicitante: 'S',
      referenciaProcesso: `ABRE-${++sequence}`,
      tipoFrete: 'FCL',
      metodoEnvio,
      'destinatarios[grupos]': JSON.stringify([grupoAsia]),
    });
    const before = [await quoteCount(), await outboxCount()];
    const uploadsBefore = (await ctx.app.services.database.db.select().from(cotacaoUploads)).length;
    for (const [filename, content, metodoEnvio] of broken) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/quotes/create-with-file',
        ...multipart(fields(metodoEnvio), [{ name: 'file', filename, content }]),
      });
      // Refused either by the first bytes (415) or because the file does not open (400).
      const expected = [400, 415];
      expect(expected, `${filename}: ${created.body}`).toContain(created.statusCode);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/api/quotes/upload',
        ...multipart({}, [{ name: 'file', filename, content }]),
      });
      expect(expected, `${filename}: ${uploaded.body}`).toContain(uploaded.statusCode);
    }
    const dangerous = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/create-with-file',
      ...multipart(fields('PDF'), [
        { name: 'file', filename: 'pedido.pdf', content: pdf },
        { name: 'dangerousCargoFile', filename: 'msds.pdf', content: Buffer.from('%PDF-') },
      ]),
    });
    expect(dangerous.statusCode).toBe(400);
    expect(dangerous.json()).toMatchObject({
      code: 'QUOTE_FILE_UNREADABLE',
      message:
        'O arquivo "msds.pdf" está corrompido ou incompleto e não pôde ser aberto. Gere o arquivo de novo e envie outra vez.',
    });
    expect([await quoteCount(), await outboxCount()]).toEqual(before);
    expect((await ctx.app.services.database.db.select().from(cotacaoUploads)).length).toBe(uploadsBefore);

    for (const [filename, content, metodoEnvio] of [
      ['inteiro.pdf', pdf, 'PDF'],
      ['inteira.xls', xls, 'EXCEL'],
    ] as const) {
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/quotes/create-with-file',
        ...multipart(fields(metodoEnvio), [{ name: 'file', filename, content }]),
      });
      expect(ok.statusCode, ok.body).toBe(201);
    }
  });
});
