import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Bench } from './harness.js';

const CARRIERS_PER_QUOTE = 50;

/**
 * A company, 50 carriers, quotes sent to all of them (written directly, as the quotes bench does: what
 * the pipeline reads is the recipients' reply tokens and request Message-IDs), and one typical carrier
 * reply per recipient as raw RFC 822 bytes, `count` in all.
 */
export async function seedReplies(bench: Bench, count: number): Promise<Buffer[]> {
  const { app, db } = bench;
  const REPLIES = count;
  const [empresa] = (
    await db.execute(
      sql`insert into empresas (nome, codigo) values ('Bench Inbound', ${`BENCHIN${randomUUID().slice(0, 6)}`}) returning id`,
    )
  ).rows as { id: string }[];
  const headers = await bench.signIn(empresa!.id);

  for (let i = 0; i < CARRIERS_PER_QUOTE; i++) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/transporters',
      headers,
      payload: { nome: `Agente ${i}`, email: `pricing@agente-${i}.com.br` },
    });
    if (created.statusCode !== 201) throw new Error(`carrier: ${created.body}`);
  }
  // Quotes and their recipients are written directly (as the quotes bench does): what the pipeline reads is
  // the recipients' reply tokens and request Message-IDs, not how the requests were sent.
  const quotes = Math.ceil(REPLIES / CARRIERS_PER_QUOTE);
  await db.execute(sql`
    insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
      prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, total_destinatarios,
      respostas_recebidas)
    select ${empresa!.id}, 'COT-2026-' || lpad(n::text, 4, '0'), 'AGUARDANDO_RESPOSTA', 'Bench', 'BENCH-' || n,
      'FCL', now() + interval '7 days', 'EMAIL', 'individual', 'pt', 'Cotação ' || n, md5(random()::text),
      ${CARRIERS_PER_QUOTE}, 0
    from generate_series(1, ${quotes}) n`);
  await db.execute(sql`
    insert into cotacao_destinatarios (empresa_id, cotacao_id, transportador_id, nome, emails, reply_token, message_id)
    select c.empresa_id, c.id, t.id, t.nome, jsonb_build_array(e.email), md5(random()::text),
      '<' || md5(random()::text) || '@cotacoes.local>'
    from cotacoes c
    cross join transportadores t
    join lateral (select email from transportador_emails where transportador_id = t.id limit 1) e on true
    where c.empresa_id = ${empresa!.id} and t.empresa_id = ${empresa!.id}`);

  const recipients = (
    await db.execute(sql`
      select d.reply_token, d.message_id, d.emails, c.codigo
      from cotacao_destinatarios d join cotacoes c on c.id = d.cotacao_id
      where d.empresa_id = ${empresa!.id} order by c.codigo, d.nome limit ${REPLIES}`)
  ).rows as { reply_token: string; message_id: string | null; emails: string[]; codigo: string }[];
  const replyDomain = app.services.config.MAIL_REPLY_ADDRESS;
  const at = replyDomain.lastIndexOf('@');

  const raws = await Promise.all(
    recipients.map((recipient, i) =>
      new MailComposer({
        from: `Pricing <${recipient.emails[0]}>`,
        to: `${replyDomain.slice(0, at)}+${recipient.reply_token}${replyDomain.slice(at)}`,
        subject: `RE: Solicitação de cotação ${recipient.codigo}`,
        messageId: `<bench-${randomUUID()}@agente.com.br>`,
        ...(recipient.message_id
          ? { inReplyTo: recipient.message_id, references: recipient.message_id }
          : {}),
        text: [
          'Prezados,',
          '',
          `Segue nossa proposta para a ${recipient.codigo}:`,
          `Frete marítimo: USD ${(1800 + (i % 700)).toLocaleString('pt-BR')},00 por contêiner 40HC`,
          'THC origem: USD 180,00',
          'BL fee: USD 65,00',
          `Tempo de trânsito: ${28 + (i % 10)} dias`,
          'Free time: 14 dias',
          'Validade: 31/12/2026',
          '',
          'Atenciosamente,',
          'Pricing',
          '',
          '> Em 20/11/2026, Sistema de Cotações escreveu:',
          '> Solicitamos cotação de frete conforme abaixo.',
        ].join('\n'),
      })
        .compile()
        .build(),
    ),
  );
  return raws;
}
