import { randomBytes } from 'node:crypto';
import type { Conversation, EmailMessage } from '@cotacoes/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  type Call,
  caller,
  companyWithSupervisor,
  validCnpj,
} from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { recordMessage } from '../../conversation/conversation.repository.js';
import { cotacaoMensagens, inboundAttachments, inboundMessages } from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';

let ctx: TestContext;
let call: Call;
let a: { supervisor: Actor; empresaId: string };
let b: { supervisor: Actor; empresaId: string };
let carriers: { id: string; nome: string; email: string }[];
let quoteId: string;
let bccQuoteId: string;
let foreignQuoteId: string;
let sequence = 0;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function createQuote(token: string, transportadores: string[], modoEnvio: 'bcc' | 'individual') {
  const response = await call('POST', '/api/quotes', token, {
    nomeSolicitante: 'Ana Souza',
    referenciaProcesso: `IMP-CONV-${++sequence}`,
    tipoFrete: 'FCL',
    origem: 'Shanghai',
    destino: 'Santos',
    modoEnvio,
    destinatarios: { transportadores, grupos: [] },
  });
  if (response.statusCode !== 201) throw new Error(`quote: ${response.body}`);
  return response.json().id as string;
}

type Received = {
  empresaId?: string;
  cotacaoId: string;
  transportadorId: string | null;
  tipo?: string;
  from?: string;
  subject?: string;
  text?: string;
  html?: string | null;
  at: Date;
  motivo?: string;
  flags?: Record<string, boolean>;
  source?: 'imap' | 'local' | 'manual';
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** A received message as the inbound pipeline stores it: raw + outcome, conversation row, attachments. */
async function receive(message: Received): Promise<{ id: string; keys: string[] }> {
  const db = ctx.app.services.database.db;
  const empresaId = message.empresaId ?? a.empresaId;
  const messageId = `<${randomBytes(8).toString('hex')}@transportador.com>`;
  const [inbound] = await db
    .insert(inboundMessages)
    .values({
      empresaId,
      dedupeKey: messageId,
      source: message.source ?? 'imap',
      raw: Buffer.from(`Subject: ${message.subject ?? 'Re: Cotação'}\r\n\r\n${message.text ?? ''}`),
      tamanho: 100,
      outcome: message.tipo === 'resposta' || !message.tipo ? 'resposta' : (message.tipo as 'tardia'),
      motivo: message.motivo ?? null,
      messageId,
      fromAddress: message.from ?? 'pricing@atlantica.com.br',
      subject: message.subject ?? 'Re: Cotação',
      cotacaoId: message.cotacaoId,
      flags: message.flags ?? {},
      createdAt: message.at,
    })
    .returning({ id: inboundMessages.id });
  const row = await recordMessage(db, checkedTenant(empresaId), {
    cotacaoId: message.cotacaoId,
    transportadorId: message.transportadorId,
    direction: 'received',
    tipo: message.tipo ?? 'resposta',
    fromAddress: message.from ?? 'pricing@atlantica.com.br',
    toAddresses: ['cotacoes+token@cotacoes.local'],
    subject: message.subject ?? 'Re: Cotação',
    bodyText: message.text ?? '',
    bodyHtml: message.html ?? null,
    messageId,
    inboundMessageId: inbound!.id,
    createdAt: message.at,
  });
  const keys: string[] = [];
  for (const file of message.attachments ?? []) {
    const key = randomBytes(24).toString('base64url');
    keys.push(key);
    await db.insert(inboundAttachments).values({
      empresaId,
      inboundMessageId: inbound!.id,
      key,
      filename: file.filename,
      contentType: file.contentType,
      tamanho: file.content.length,
      conteudo: file.content,
    });
  }
  return { id: row.id, keys };
}

async function conversation(id: string, token = a.supervisor.token, query = '') {
  const response = await call('GET', `/api/emails/by-cotacao/${id}${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Conversation;
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestApp({ CNPJ_API_URL: 'http://127.0.0.1:9/off' });
  call = caller(ctx);
  a = await companyWithSupervisor(ctx, 'sup@conv-alfa.com.br', 'Alfa Conversa', validCnpj(7101));
  b = await companyWithSupervisor(ctx, 'sup@conv-beta.com.br', 'Beta Conversa', validCnpj(7102));
  carriers = [];
  for (const [nome, email] of [
    ['Navegação Atlântica', 'pricing@atlantica.com.br'],
    ['Pacífico Cargas', 'cotacoes@pacifico.com.br'],
  ] as const)
    carriers.push((await call('POST', '/api/transporters', a.supervisor.token, { nome, email })).json());
  const foreignCarrier = (
    await call('POST', '/api/transporters', b.supervisor.token, { nome: 'Da Beta', email: 'x@beta.com' })
  ).json().id;
  quoteId = await createQuote(
    a.supervisor.token,
    carriers.map((c) => c.id),
    'individual',
  );
  bccQuoteId = await createQuote(
    a.supervisor.token,
    carriers.map((c) => c.id),
    'bcc',
  );
  foreignQuoteId = await createQuote(b.supervisor.token, [foreignCarrier], 'individual');
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/emails/by-cotacao/:id', () => {
  it('lists the requests sent and the replies received, oldest first, with carrier, attachments and notes', async () => {
    const [atlantica, pacifico] = carriers as [(typeof carriers)[0], (typeof carriers)[0]];
    await receive({
      cotacaoId: quoteId,
      transportadorId: pacifico.id,
      from: 'cotacoes@pacifico.com.br',
      tipo: 'auto_resposta',
      text: 'Estou fora do escritório até segunda.',
      at: later(1),
    });
    await receive({
      cotacaoId: quoteId,
      transportadorId: atlantica.id,
      text: 'Segue nossa proposta: USD 2.350,00 por contêiner 40HC.',
      at: later(2),
      attachments: [
        { filename: 'proposta.pdf', contentType: 'application/pdf', content: PDF },
        { filename: 'logo.png', contentType: 'image/png', content: PNG },
      ],
    });
    await receive({
      cotacaoId: quoteId,
      transportadorId: pacifico.id,
      from: 'MAILER-DAEMON@pacifico.com.br',
      tipo: 'devolucao',
      motivo: '550 5.1.1 caixa inexistente',
      at: later(3),
    });
    await receive({
      cotacaoId: quoteId,
      transportadorId: atlantica.id,
      from: 'outra.pessoa@gmail.com',
      flags: { remetenteDesconhecido: true },
      at: later(4),
    });
    await receive({ cotacaoId: quoteId, transportadorId: atlantica.id, tipo: 'tardia', at: later(5) });

    const list = await conversation(quoteId);
    expect(list.total).toBe(7);
    expect(list.page).toBe(1);
    expect(list.pageSize).toBe(100);
    const times = list.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    const [first, second, auto, answer, bounce, unknown, late] = list.items as EmailMessage[];
    for (const request of [first!, second!]) {
      expect(request).toMatchObject({ direction: 'sent', tipo: 'pedido', anexos: 1, marcacao: null });
      expect(request.subject).toMatch(/^Cotação COT-/);
      expect(request.bodyText).toContain('Ana Souza');
    }
    expect(new Set([first!.transportadorNome, second!.transportadorNome])).toEqual(
      new Set(['Navegação Atlântica', 'Pacífico Cargas']),
    );
    expect(auto).toMatchObject({
      direction: 'received',
      tipo: 'auto_resposta',
      transportadorNome: 'Pacífico Cargas',
      marcacao: 'Resposta automática — não conta como resposta',
      anexos: 0,
    });
    expect(answer).toMatchObject({
      direction: 'received',
      from: 'pricing@atlantica.com.br',
      transportadorId: atlantica.id,
      transportadorNome: 'Navegação Atlântica',
      anexos: 2,
      marcacao: null,
      bodyHtml: null,
      metadata: { origem: 'imap', imagensRemotas: 0 },
    });
    expect(bounce!.marcacao).toBe('Devolução: 550 5.1.1 caixa inexistente');
    expect(unknown!.marcacao).toMatch(/^Remetente desconhecido/);
    expect(late!.marcacao).toBe('Recebida após a cotação ser finalizada — não conta');
  });

  it('shows a bcc request once, for every carrier (no thread of its own)', async () => {
    const list = await conversation(bccQuoteId);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      direction: 'sent',
      tipo: 'pedido',
      transportadorId: null,
      transportadorNome: null,
      bcc: ['pricing@atlantica.com.br', 'cotacoes@pacifico.com.br'],
      anexos: 1,
    });
  });

  it('pages by page and pageSize, and answers 400 with a pt-BR message beyond the limits', async () => {
    const all = await conversation(quoteId);
    const first = await conversation(quoteId, a.supervisor.token, '?page=1&pageSize=3');
    const second = await conversation(quoteId, a.supervisor.token, '?page=2&pageSize=3');
    const last = await conversation(quoteId, a.supervisor.token, '?page=3&pageSize=3');
    expect([first.total, second.total, last.total]).toEqual([all.total, all.total, all.total]);
    expect([...first.items, ...second.items, ...last.items].map((item) => item.id)).toEqual(
      all.items.map((item) => item.id),
    );
    expect(second).toMatchObject({ page: 2, pageSize: 3 });
    expect((await conversation(quoteId, a.supervisor.token, '?page=9&pageSize=3')).items).toEqual([]);

    const tooBig = await call('GET', `/api/emails/by-cotacao/${quoteId}?pageSize=101`, a.supervisor.token);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('O limite máximo é 100 por página.');
    const zero = await call('GET', `/api/emails/by-cotacao/${quoteId}?page=0`, a.supervisor.token);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Página inválida.');
  });

  it('sanitises the HTML: no script, handler, javascript: link, frame, form or fetching style; remote images only when asked', async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[0]!.id], 'individual');
    await receive({
      cotacaoId,
      transportadorId: carriers[0]!.id,
      text: 'Proposta',
      html: `<html><head><title>Proposta interna</title></head><body><div style="color: #123456; background-image: url(https://tracker.example/bg.png)">
        <script>alert('x')</script>
        <p onclick="steal()">Frete <b>USD 2.350</b></p>
        <table border="1"><tr><th>Taxa</th><td>BL fee</td></tr></table>
        <img src="https://tracker.example/open.gif?id=42" alt="logo" onerror="alert(1)">
        <img src="cid:assinatura@atlantica" alt="assinatura">
        <a href="javascript:alert(1)">clique</a> <a href="https://atlantica.com.br">site</a>
        <iframe src="https://evil.example"></iframe>
        <form action="https://evil.example"><input name="senha"></form>
        <style>body { background: url(https://tracker.example/css.png) }</style>
      </div></body></html>`,
      at: later(1),
    });
    const received = (await conversation(cotacaoId)).items.find((item) => item.direction === 'received')!;
    const html = received.bodyHtml!;
    expect(html).toContain('<b>USD 2.350</b>');
    expect(html).toContain('<th>Taxa</th>');
    expect(html).toContain('style="color:#123456"');
    expect(html).toContain('href="https://atlantica.com.br"');
    expect(html).toContain('[assinatura]');
    for (const unsafe of [
      '<script',
      'alert',
      'onclick',
      'onerror',
      'javascript:',
      '<iframe',
      '<form',
      '<input',
      '<style',
      'url(',
      'tracker.example',
      'cid:',
      'Proposta interna',
      '<html',
    ])
      expect(html).not.toContain(unsafe);
    expect(html).toContain('data-imagem-remota="1"');
    expect(received.metadata).toMatchObject({ imagensRemotas: 1 });

    const withImages = (await conversation(cotacaoId, a.supervisor.token, '?imagens=1')).items.find(
      (item) => item.direction === 'received',
    )!;
    expect(withImages.bodyHtml).toContain('src="https://tracker.example/open.gif?id=42"');
    expect(withImages.bodyHtml).not.toContain('onerror');
    expect(withImages.bodyHtml).not.toContain('<script');
  });

  it('shows a message from the mailbox itself as sent (spec 001 §4, message direction)', async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[1]!.id], 'individual');
    await receive({
      cotacaoId,
      transportadorId: carriers[1]!.id,
      from: `Equipe <${ctx.config.MAIL_REPLY_ADDRESS}>`,
      at: later(1),
    });
    const items = (await conversation(cotacaoId)).items;
    expect(items.map((item) => item.direction)).toEqual(['sent', 'sent']);
  });

  it("answers 404 'Cotação não encontrada' for another company's quote, a deleted one or an unknown id", async () => {
    for (const id of [foreignQuoteId, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('GET', `/api/emails/by-cotacao/${id}`, a.supervisor.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Cotação não encontrada');
      expect(response.body).not.toContain('Da Beta');
    }
    const deleted = await createQuote(a.supervisor.token, [carriers[0]!.id], 'individual');
    expect((await call('DELETE', `/api/quotes/${deleted}`, a.supervisor.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/emails/by-cotacao/${deleted}`, a.supervisor.token)).statusCode).toBe(404);
    const invalid = await call('GET', '/api/emails/by-cotacao/nao-e-uuid', a.supervisor.token);
    expect(invalid.statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('lists and downloads the files of a received message, typed from their bytes', async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[0]!.id], 'individual');
    const { id, keys } = await receive({
      cotacaoId,
      transportadorId: carriers[0]!.id,
      at: later(1),
      attachments: [
        // The sender claims text; the bytes are a PDF.
        { filename: 'Proposta Atlântica "final".pdf', contentType: 'text/plain', content: PDF },
        { filename: 'tabela.csv', contentType: 'text/csv', content: Buffer.from('taxa;valor\nBL;50\n') },
      ],
    });
    const listing = await call('GET', `/api/imap/attachments/${id}`, a.supervisor.token);
    expect(listing.statusCode).toBe(200);
    expect(listing.json().attachments).toEqual([
      {
        filename: 'Proposta Atlântica "final".pdf',
        contentType: 'text/plain',
        key: keys[0],
        size: PDF.length,
      },
      { filename: 'tabela.csv', contentType: 'text/csv', key: keys[1], size: 17 },
    ]);

    const file = await call('GET', `/api/attachments/${keys[0]}`, a.supervisor.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition).not.toContain('"final"');
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Proposta Atlântica _final_.pdf');

    const csv = await call('GET', `/api/attachments/${keys[1]}`, a.supervisor.token);
    expect(csv.headers['content-type']).toBe('application/octet-stream');
    expect(csv.body).toBe('taxa;valor\nBL;50\n');
  });

  it('lists and downloads the files of a sent request (the quote PDF) by a key of its outbox row', async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[0]!.id], 'individual');
    const [request] = (await conversation(cotacaoId)).items;
    const listing = await call('GET', `/api/imap/attachments/${request!.id}`, a.supervisor.token);
    expect(listing.statusCode).toBe(200);
    const [pdf] = listing.json().attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
    expect(pdf.key).toMatch(/^out_[0-9a-f-]{36}_0$/);
    const file = await call('GET', `/api/attachments/${pdf.key}`, a.supervisor.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(pdf.size);
    const missing = await call('GET', `/api/attachments/${pdf.key.replace(/_0$/, '_7')}`, a.supervisor.token);
    expect(missing.statusCode).toBe(404);
  });

  it("says 'Nenhum anexo' with an empty list, and 404 for another company's message or file", async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[1]!.id], 'individual');
    const { id } = await receive({ cotacaoId, transportadorId: carriers[1]!.id, at: later(1) });
    const empty = await call('GET', `/api/imap/attachments/${id}`, a.supervisor.token);
    expect(empty.json().attachments).toEqual([]);

    const foreign = await receive({
      empresaId: b.empresaId,
      cotacaoId: foreignQuoteId,
      transportadorId: null,
      at: later(1),
      attachments: [{ filename: 'beta.pdf', contentType: 'application/pdf', content: PDF }],
    });
    const [foreignRequest] = (await conversation(foreignQuoteId, b.supervisor.token)).items;
    const foreignKey = (
      await call('GET', `/api/imap/attachments/${foreignRequest!.id}`, b.supervisor.token)
    ).json().attachments[0].key;
    expect(foreignKey).toMatch(/^out_/);

    for (const messageId of [foreign.id, foreignRequest!.id]) {
      const response = await call('GET', `/api/imap/attachments/${messageId}`, a.supervisor.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('E-mail não encontrado.');
    }
    for (const key of [
      foreign.keys[0]!,
      foreignKey,
      'chave-inexistente',
      `out_${randomBytes(4).toString('hex')}`,
    ]) {
      const response = await call('GET', `/api/attachments/${encodeURIComponent(key)}`, a.supervisor.token);
      expect(response.statusCode, key).toBe(404);
      expect(response.json().message).toBe('Anexo não encontrado.');
    }
    // The owner still gets them.
    expect((await call('GET', `/api/attachments/${foreign.keys[0]}`, b.supervisor.token)).statusCode).toBe(
      200,
    );
  });

  it('hides the attachments of a deleted quote', async () => {
    const cotacaoId = await createQuote(a.supervisor.token, [carriers[0]!.id], 'individual');
    const { id } = await receive({
      cotacaoId,
      transportadorId: carriers[0]!.id,
      at: later(1),
      attachments: [{ filename: 'p.pdf', contentType: 'application/pdf', content: PDF }],
    });
    const [request] = (await conversation(cotacaoId)).items;
    const key = (await call('GET', `/api/imap/attachments/${request!.id}`, a.supervisor.token)).json()
      .attachments[0].key;
    await call('DELETE', `/api/quotes/${cotacaoId}`, a.supervisor.token);
    expect((await call('GET', `/api/imap/attachments/${id}`, a.supervisor.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/attachments/${key}`, a.supervisor.token)).statusCode).toBe(404);
    const rows = await ctx.app.services.database.db
      .select({ id: cotacaoMensagens.id })
      .from(cotacaoMensagens)
      .where(eq(cotacaoMensagens.cotacaoId, cotacaoId));
    expect(rows.length).toBe(2);
  });
});
