import { formatMessage, inboundTexts } from '@cotacoes/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, signedInUser, typicalAnswer } from '../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { inboundMessages, respostas } from '../db/schema/index.js';

/*
 * ADR 0015 addendum "a quote code two companies share": codes are numbered per company, so the same
 * forwarder may hold COT-yyyy-0001 of two companies. A new e-mail (no reply token, no thread) naming that
 * code goes to the only quote still open / awaiting the carrier, else waits in each company's
 * 'Não identificadas' without its content.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const ingest = (raw: Buffer) => ctx.app.services.inbound.ingest(raw, { source: 'imap' });
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

let counter = 0;

/** Two companies, each with one quote sent to the same forwarder address: both are COT-yyyy-0001. */
async function twoCompanies() {
  const email = `pricing-${++counter}-${Date.now().toString(36)}@mesmo-agente.com.br`;
  const carriers = [{ nome: 'Mesmo Agente', email }];
  const a = await quoteScenario(ctx, { carriers, label: `sa${counter}${Date.now().toString(36)}` });
  const b = await quoteScenario(ctx, { carriers, label: `sb${counter}${Date.now().toString(36)}` });
  expect(a.quote.codigo).toBe(b.quote.codigo);
  expect(a.empresaId).not.toBe(b.empresaId);
  return { a, b, email };
}

/** A new e-mail, not a reply: no token in its address, no In-Reply-To, the code in the subject. */
function newMail(email: string, codigo: string, text = typicalAnswer({ frete40: 2480 })) {
  return carrierReply({
    from: `Pricing <${email}>`,
    to: 'comercial@importadora.com.br',
    subject: `Re: Cotação ${codigo}`,
    text,
    inReplyTo: null,
  });
}

async function stored(id: string) {
  const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, id));
  return row!;
}

describe('a quote code two companies share (same forwarder address)', () => {
  it('goes to the only quote still open when the other company closed its quote', async () => {
    const { a, b, email } = await twoCompanies();
    const closed = await call('PATCH', `/api/quotes/${b.quote.id}`, b.token, { status: 'FECHADA' });
    expect(closed.statusCode).toBe(200);

    const result = await ingest(await newMail(email, a.quote.codigo));
    expect(result).toMatchObject({ outcome: 'resposta', cotacaoId: a.quote.id });
    const row = await stored(result.inboundId);
    expect(row.empresaId).toBe(a.empresaId);
    expect(row.matchedBy).toBe('subject');
    expect(row.flags).toMatchObject({ desempate: 'aberta' });
    expect(row.candidatas).toBeNull();
    expect(await db().select().from(respostas).where(eq(respostas.cotacaoId, b.quote.id))).toHaveLength(0);
  });

  it('goes to the only open quote still awaiting this carrier when it answered the other already', async () => {
    const { a, b, email } = await twoCompanies();
    // The carrier answers company B in its thread (token): B's quote is still open but answered.
    const answered = await ingest(await carrierReply({ from: email, to: b.replyTo(0) }));
    expect(answered).toMatchObject({ outcome: 'resposta', cotacaoId: b.quote.id });

    const result = await ingest(await newMail(email, a.quote.codigo));
    expect(result).toMatchObject({ outcome: 'resposta', cotacaoId: a.quote.id });
    const row = await stored(result.inboundId);
    expect(row.matchedBy).toBe('subject');
    expect(row.flags).toMatchObject({ desempate: 'aguardando' });
    expect(await db().select().from(respostas).where(eq(respostas.cotacaoId, b.quote.id))).toHaveLength(1);
  });

  it('both open and awaiting: waits in each company’s list, without the content, and is not lost', async () => {
    const { a, b, email } = await twoCompanies();
    const secret = 'Prezada Importadora, frete exclusivo USD 1.111,00 por 40HC';
    const result = await ingest(await newMail(email, a.quote.codigo, `${secret}\n${typicalAnswer()}`));
    expect(result.outcome).toBe('nao_identificada');
    const row = await stored(result.inboundId);
    expect(row.empresaId).toBeNull();
    expect(row.matchedBy).toBe('none');
    expect(row.motivo).toBe(
      formatMessage(inboundTexts.sharedCode, { codigo: a.quote.codigo, remetente: email }),
    );
    expect(row.candidatas?.map((c) => c.cotacaoId).sort()).toEqual([a.quote.id, b.quote.id].sort());

    // Each company's user sees a row: who, which code, its own quote to assign; nothing of the content.
    for (const [own, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = await call('GET', '/api/inbound/unmatched', own.token);
      expect(list.statusCode).toBe(200);
      const item = list.json().data.find((m: { id: string }) => m.id === result.inboundId);
      expect(item).toMatchObject({
        from: email,
        fromName: null,
        subject: null,
        preview: '',
        anexos: 0,
        conteudoRestrito: true,
        motivo: formatMessage(inboundTexts.sharedCodeWaiting, { remetente: email, codigo: own.quote.codigo }),
        sugestoes: [
          { cotacaoId: own.quote.id, codigo: own.quote.codigo, transportadorId: own.carriers[0]!.id },
        ],
      });
      expect(list.body).not.toContain('1.111');
      expect(list.body).not.toContain(other.quote.id);
      expect(list.body).not.toContain(other.carriers[0]!.id);
      // A search reaches what the row shows (the address), never its hidden subject.
      const search = async (text: string) =>
        (await call('GET', `/api/inbound/unmatched?search=${encodeURIComponent(text)}`, own.token))
          .json()
          .data.map((m: { id: string }) => m.id);
      expect(await search(email)).toContain(result.inboundId);
      expect(await search('Re: Cotação')).not.toContain(result.inboundId);
    }

    // A desenvolvedor sees it whole, with every candidate quote (and its company) as a suggestion.
    const developer = await signedInUser(ctx.app, {
      email: `dev-${counter}-${Date.now().toString(36)}@plataforma.com.br`,
      role: 'desenvolvedor',
    });
    const devList = await call('GET', '/api/inbound/unmatched', developer.token);
    const devItem = devList.json().data.find((m: { id: string }) => m.id === result.inboundId);
    expect(devItem.preview).toContain('1.111');
    expect(devItem.sugestoes.map((s: { cotacaoId: string }) => s.cotacaoId).sort()).toEqual(
      [a.quote.id, b.quote.id].sort(),
    );
    expect(devItem.sugestoes.every((s: { empresaNome?: string }) => s.empresaNome)).toBe(true);

    // B cannot take it into a quote that is not its candidate (A's), nor A into B's.
    const wrong = await call('POST', `/api/inbound/messages/${result.inboundId}/assign`, b.token, {
      cotacaoId: a.quote.id,
      transportadorId: a.carriers[0]!.id,
    });
    expect(wrong.statusCode).toBe(404);

    // B says it is not theirs: it leaves B's list only; A still sees it and assigns it.
    const dismissed = await call('POST', `/api/inbound/messages/${result.inboundId}/dismiss`, b.token);
    expect(dismissed.statusCode).toBe(200);
    const bList = await call('GET', '/api/inbound/unmatched', b.token);
    expect(bList.json().data.some((m: { id: string }) => m.id === result.inboundId)).toBe(false);
    const aList = await call('GET', '/api/inbound/unmatched', a.token);
    expect(aList.json().data.some((m: { id: string }) => m.id === result.inboundId)).toBe(true);
    expect((await stored(result.inboundId)).descartadaEm).toBeNull();

    const assigned = await call('POST', `/api/inbound/messages/${result.inboundId}/assign`, a.token, {
      cotacaoId: a.quote.id,
      transportadorId: a.carriers[0]!.id,
    });
    expect(assigned.statusCode).toBe(200);
    const after = await stored(result.inboundId);
    expect(after).toMatchObject({ outcome: 'resposta', empresaId: a.empresaId, cotacaoId: a.quote.id });
    expect(after.candidatas).toBeNull();
    const answers = await call('GET', '/api/inbound/unmatched', a.token);
    expect(answers.json().data.some((m: { id: string }) => m.id === result.inboundId)).toBe(false);
  });

  it('a desenvolvedor assigns a shared code’s message to either company’s candidate quote', async () => {
    const { a, b, email } = await twoCompanies();
    const result = await ingest(await newMail(email, b.quote.codigo));
    expect(result.outcome).toBe('nao_identificada');
    const developer = await signedInUser(ctx.app, {
      email: `dev2-${counter}-${Date.now().toString(36)}@plataforma.com.br`,
      role: 'desenvolvedor',
      empresaId: a.empresaId,
    });
    const assigned = await call('POST', `/api/inbound/messages/${result.inboundId}/assign`, developer.token, {
      cotacaoId: b.quote.id,
      transportadorId: b.carriers[0]!.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(await stored(result.inboundId)).toMatchObject({
      outcome: 'resposta',
      empresaId: b.empresaId,
      cotacaoId: b.quote.id,
    });
  });
});
