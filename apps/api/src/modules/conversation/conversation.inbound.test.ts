import type { Conversation } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Call,
  caller,
  carrierReply,
  quoteScenario,
  typicalAnswer,
} from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let call: Call;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestApp({ CNPJ_API_URL: 'http://127.0.0.1:9/off' });
  call = caller(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a real reply through the inbound pipeline', () => {
  it('is listed in the conversation after the request, in its carrier thread, with its attachment', async () => {
    const scenario = await quoteScenario(ctx, { modoEnvio: 'individual' });
    const carrier = scenario.carriers[0]!;
    const recipient = scenario.recipients.find((r) => r.transportadorId === carrier.id)!;
    const raw = await carrierReply({
      from: `Pricing <${carrier.email}>`,
      to: scenario.replyTo(0),
      subject: `RE: ${scenario.quote.tituloEmail}`,
      text: `${typicalAnswer()}\n\nEm 03/03/2026, Analista escreveu:\n> Solicitamos cotação.`,
      inReplyTo: recipient.messageId,
      attachments: [{ filename: 'Proposta Pricing.pdf', content: PDF, contentType: 'application/pdf' }],
    });
    const result = await ctx.app.services.inbound.ingest(raw, { source: 'local' });
    expect(result.outcome).toBe('resposta');
    expect(result.cotacaoId).toBe(scenario.quote.id);

    const response = await call('GET', `/api/emails/by-cotacao/${scenario.quote.id}`, scenario.token);
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json() as Conversation;
    expect(total).toBe(scenario.carriers.length + 1);
    const received = items.at(-1)!;
    expect(received).toMatchObject({
      direction: 'received',
      from: expect.stringContaining(carrier.email),
      transportadorId: carrier.id,
      transportadorNome: carrier.nome,
      tipo: 'resposta',
      anexos: 1,
      marcacao: null,
      metadata: expect.objectContaining({ origem: 'local' }),
    });
    expect(received.bodyText).toContain('Frete marítimo 40HC');
    expect(items.slice(0, -1).every((item) => item.direction === 'sent' && item.tipo === 'pedido')).toBe(
      true,
    );

    const listing = await call('GET', `/api/imap/attachments/${received.id}`, scenario.token);
    const [file] = listing.json().attachments;
    expect(file).toMatchObject({ filename: 'Proposta Pricing.pdf', contentType: 'application/pdf' });
    const download = await call('GET', `/api/attachments/${file.key}`, scenario.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');

    // The message as it arrived, every attachment in it (QA pass 40b: 150 of 200 files not stored apart
    // could not be reached): its own bytes, as a .eml, for the company's people only.
    const { original } = listing.json();
    expect(original).toMatchObject({
      filename: 'mensagem-original.eml',
      contentType: 'message/rfc822',
      size: raw.length,
    });
    const eml = await call('GET', `/api/attachments/${original.key}`, scenario.token);
    expect(eml.statusCode).toBe(200);
    expect(eml.rawPayload.equals(raw)).toBe(true);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.headers['content-disposition']).toContain('mensagem-original.eml');
    const other = await quoteScenario(ctx);
    const foreign = await call('GET', `/api/attachments/${original.key}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Proposta Pricing');

    // Ingesting the same message again changes nothing (R4).
    await ctx.app.services.inbound.ingest(raw, { source: 'local' });
    const again = await call('GET', `/api/emails/by-cotacao/${scenario.quote.id}`, scenario.token);
    expect(again.json().total).toBe(total);
  });
});
