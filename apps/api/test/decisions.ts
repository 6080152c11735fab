import { eq } from 'drizzle-orm';
import { respostas } from '../src/db/schema/index.js';
import { type TestContext, waitFor } from './helpers.js';
import { carrierReply, type Scenario, typicalAnswer } from './replies.js';

/*
 * Carrier answers for the decision tests (corrections, revision, approval, deadlines): a reply of one
 * carrier of a scenario, ingested by the real pipeline and extracted by the real job.
 */

let counter = 0;

/** A two-destination answer (the engine gives each freight line its port). */
export function twoDestinationAnswer(santos = 3400, itapoa = 3500): string {
  const brl = (value: number) => value.toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  return [
    'Prezados,',
    '',
    "Frete marítimo por 40'HC:",
    `Santos: USD ${brl(santos)}`,
    `Itapoá: USD ${brl(itapoa)}`,
    '',
    'Taxas por BL:',
    'BL fee USD 80,00',
    'THC Santos: R$ 1.600,00',
    'THC Itapoá: R$ 1.600,00',
    '',
    'Transit time: 30 dias',
  ].join('\n');
}

/**
 * Carrier `index` answers the scenario's quote by e-mail (its reply address, in its thread); waits for
 * the extraction. Answers the response version and the answer's Message-ID.
 */
export async function answer(
  ctx: TestContext,
  s: Scenario,
  index: number,
  options: { text?: string; inReplyTo?: string | null; to?: string; extracted?: boolean } = {},
): Promise<{ respostaId: string; messageId: string }> {
  const messageId = `<answer-${++counter}-${Date.now()}@carrier.example>`;
  const raw = await carrierReply({
    from: s.carriers[index]!.email,
    to: options.to ?? s.replyTo(index),
    subject: `RE: ${s.quote.tituloEmail}`,
    text: options.text ?? typicalAnswer(),
    inReplyTo: options.inReplyTo === undefined ? s.recipients[index]!.messageId : options.inReplyTo,
    messageId,
  });
  const result = await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
  if (result.outcome !== 'resposta' || !result.responseId)
    throw new Error(`the answer was not a response: ${result.outcome}`);
  const respostaId = result.responseId;
  if (options.extracted !== false)
    await waitFor(async () => {
      const [row] = await ctx.app.services.database.db
        .select({ extracao: respostas.extracao })
        .from(respostas)
        .where(eq(respostas.id, respostaId));
      return row?.extracao === 'concluida' || undefined;
    }, 20_000);
  return { respostaId, messageId };
}
