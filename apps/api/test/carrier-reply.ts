import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { caller, companyWithSupervisor, validCnpj } from '../src/modules/empresas/empresas.test-helpers.js';
import { readSentMail, type TestContext, waitFor } from './helpers.js';

export type SentQuote = {
  quoteId: string;
  codigo: string;
  empresaId: string;
  carrierEmail: string;
  /** The request as the carrier received it. */
  request: { messageId: string; replyTo: string; subject: string };
};

/** A company, one carrier and a quote sent to it in individual mode, through the API and the outbox. */
export async function sendQuoteToCarrier(
  ctx: TestContext,
  options: { seed: number; carrierEmail: string },
): Promise<SentQuote> {
  const call = caller(ctx);
  const { supervisor, empresaId } = await companyWithSupervisor(
    ctx,
    `sup${options.seed}@importadora-${options.seed}.com.br`,
    `Importadora ${options.seed}`,
    validCnpj(options.seed),
  );
  const carrier = await call('POST', '/api/transporters', supervisor.token, {
    nome: 'Navegação Atlântica',
    email: options.carrierEmail,
  });
  if (carrier.statusCode !== 201) throw new Error(`carrier: ${carrier.body}`);
  const quote = await call('POST', '/api/quotes', supervisor.token, {
    nomeSolicitante: 'Supervisor',
    referenciaProcesso: `IMP-${options.seed}`,
    tipoFrete: 'FCL',
    modoEnvio: 'individual',
    origem: 'Shanghai, CN',
    destino: 'Santos, BR',
    incoterm: 'FOB',
    pesoBrutoTotal: '18.500 kg',
    itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '20 caixas', dimensoes: '120x80x90 cm' }],
    destinatarios: { transportadores: [carrier.json().id], grupos: [] },
  });
  if (quote.statusCode !== 201) throw new Error(`quote: ${quote.body}`);
  const { id: quoteId, codigo } = quote.json();
  const sent = await waitFor(async () =>
    (await readSentMail(ctx.config)).find(
      (mail) => mail.to.includes(options.carrierEmail) && mail.subject.includes(codigo),
    ),
  );
  const parsed = await simpleParser(fs.readFileSync(sent.file));
  return {
    quoteId,
    codigo,
    empresaId,
    carrierEmail: options.carrierEmail,
    request: {
      messageId: parsed.messageId ?? '',
      replyTo: parsed.replyTo?.text ?? '',
      subject: sent.subject,
    },
  };
}

/** A typical carrier answer to the request, as raw RFC 822 bytes (a fresh Message-ID each call). */
export async function carrierReply(
  quote: SentQuote,
  options: { text?: string; messageId?: string } = {},
): Promise<Buffer> {
  const composer = new MailComposer({
    from: `Pricing Atlântica <${quote.carrierEmail}>`,
    to: quote.request.replyTo,
    subject: `RE: ${quote.request.subject}`,
    messageId: options.messageId ?? `<${randomUUID()}@atlantica.com.br>`,
    inReplyTo: quote.request.messageId,
    references: quote.request.messageId,
    text:
      options.text ??
      [
        'Prezados,',
        '',
        'Segue nossa proposta para o embarque Shanghai → Santos:',
        'Frete marítimo: USD 2.350,00 por contêiner 40HC',
        'THC origem: USD 180,00',
        'Tempo de trânsito: 32 dias',
        'Validade: 30/12/2026',
        '',
        'Atenciosamente,',
        'Pricing — Navegação Atlântica',
      ].join('\n'),
  });
  return composer.compile().build();
}
