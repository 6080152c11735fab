import type { QuoteDetail } from '@cotacoes/shared';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { cotacoes, mailOutbox } from '../../db/schema/index.js';
import { insertUser } from '../auth/auth.repository.js';
import { type Actor, type Call, caller, validCnpj } from '../empresas/empresas.test-helpers.js';

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
  a = await companyWithSupervisor(ctx, 'sup@cot-alfa.com.br', 'Alfa Importadora', validCnpj(5001));
  b = await companyWithSupervisor(ctx, 'sup@cot-beta.com.br', 'Beta', validCnpj(5002));
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

/**
 * A supervisor of a new company. Registration codes go by e-mail and this file's mail goes to the SMTP
 * sink, so the account is made directly and the company through the real onboarding route.
 */
async function companyWithSupervisor(
  _ctx: TestContext,
  email: string,
  nome: string,
  cnpj: string,
): Promise<{ supervisor: Actor; empresaId: string }> {
  const db = ctx.app.services.database.db;
  const user = await insertUser(db, { name: `Supervisor ${nome}`, email, role: 'usuario', empresaId: null });
  const { token } = await ctx.app.services.sessions.create(db, user.id, {});
  const response = await caller(ctx)('POST', '/api/empresas/onboarding', token, { nome, cnpj });
  if (response.statusCode !== 201) throw new Error(`onboarding failed: ${response.body}`);
  return { supervisor: { token, id: user.id, email }, empresaId: response.json().id };
}

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

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

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
    expect(messages[0]!.text).toContain('Please reply by');
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(3);
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
    empresa = await companyWithSupervisor(ctx, 'sup@cot-gama.com.br', 'Gama', validCnpj(5003));
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
    const firstCode = (await list('limit=1&page=3')).data[0].codigo;
    expect(firstCode).toMatch(/0001$/);
    expect(await list('limit=1&page=1')).toMatchObject({ total: 3, totalPages: 3 });
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
