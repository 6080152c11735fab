import { type TestContext, waitFor } from '../helpers.js';
import type { Scenario } from './quote.js';
import { carrierReply } from './reply.js';

/** One carrier's reply of `answerQuote`: its index in the scenario and what it wrote. */
export type ScenarioAnswer = { carrier: number; text: string; from?: string; subject?: string };

/**
 * Each reply through the real pipeline (ingest → extraction), as the mailbox would bring it, then waits
 * until the quote's responses list has that many answers read: the comparison then reads them all.
 */
export async function answerQuote(
  ctx: TestContext,
  scenario: Scenario,
  answers: readonly ScenarioAnswer[],
  timeoutMs = 30_000,
): Promise<void> {
  for (const answer of answers)
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: answer.from ?? scenario.carriers[answer.carrier]!.email,
        to: scenario.replyTo(answer.carrier),
        text: answer.text,
        ...(answer.subject ? { subject: answer.subject } : {}),
      }),
      { source: 'imap' },
    );
  const carriers = new Set(answers.map((answer) => scenario.carriers[answer.carrier]!.id));
  await waitFor(async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${scenario.quote.id}/respostas`,
      headers: { authorization: `Bearer ${scenario.token}` },
    });
    const list = response.json().data as { transportadorId: string; atual: { extracao: string } | null }[];
    return (
      list.filter((entry) => carriers.has(entry.transportadorId) && entry.atual?.extracao === 'concluida')
        .length === carriers.size
    );
  }, timeoutMs);
}
