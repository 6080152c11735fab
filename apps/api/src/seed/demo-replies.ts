import { createQuoteBodySchema } from '@cotacoes/shared';
import { sampleQuoteRequest } from '@cotacoes/shared/samples';
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { cotacaoDestinatarios, transportadores, users } from '../db/schema/index.js';
import { composeMessage } from '../inbound/compose.js';
import { actorOfUser } from '../lib/actor.js';
import { replyAddress } from '../mail/reply-address.js';
import { DEMO_ACCOUNT } from './demo.js';

function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text(lines[0]!);
    doc.moveDown().fontSize(11);
    for (const line of lines.slice(1)) doc.text(line);
    doc.end();
  });
}

function xlsxOf(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Proposta');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * The demo's replied quote: a request sent to three carriers through the real quote service, and their
 * answers (one in the body, one as a PDF, one as a spreadsheet) fed to the real inbound pipeline, so a
 * newcomer sees extracted responses and a conversation on the first `npm start`.
 */
export async function seedDemoReplies(app: FastifyInstance): Promise<void> {
  const { database, quotes, inbound, config } = app.services;
  const db = database.db;
  const [user] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email)).limit(1);
  if (!user?.empresaId) return;
  const carriers = await db
    .select({ id: transportadores.id, nome: transportadores.nome })
    .from(transportadores)
    .where(eq(transportadores.empresaId, user.empresaId))
    .limit(3);
  const quote = await quotes.create(
    actorOfUser(user),
    createQuoteBodySchema.parse(
      sampleQuoteRequest(
        carriers.map((c) => c.id),
        {
          nomeSolicitante: user.name,
          referenciaProcesso: 'IMP-DEMO-001',
          prazoResposta: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        },
      ),
    ),
    {},
  );
  const recipients = await db
    .select()
    .from(cotacaoDestinatarios)
    .where(
      and(eq(cotacaoDestinatarios.cotacaoId, quote.id), eq(cotacaoDestinatarios.empresaId, user.empresaId)),
    );
  const answers = [
    {
      text: [
        'Prezados, boa tarde.',
        '',
        'Segue nossa proposta Shanghai x Santos:',
        'Frete marítimo 40HC: USD 2.950,00',
        'THC destino: BRL 1.450,00 por contêiner',
        'BL fee: USD 75,00 por BL',
        'Transit time: 32 dias',
        'Free time: 14 dias no destino',
        'Validade: 31/12/2026',
        '',
        'Atenciosamente,',
        'Equipe de Pricing',
      ].join('\n'),
      attachments: [],
    },
    {
      text: 'Olá! Segue em anexo nossa cotação em PDF. Qualquer dúvida, estamos à disposição.',
      attachments: [
        {
          filename: 'proposta-frete.pdf',
          content: await pdfOf([
            'Proposta de frete marítimo',
            'Origem: Shanghai   Destino: Santos',
            "Frete 40'HC: USD 2.780,00",
            'THC: R$ 1.390,00 por contêiner',
            'Taxa de emissão de BL: USD 80,00',
            'Transit time: 35 dias',
            'Free time: 21 dias',
            'Validade: 20/12/2026',
          ]),
        },
      ],
    },
    {
      text: 'Prezados, nossa tabela segue na planilha anexa.',
      attachments: [
        {
          filename: 'tarifas.xlsx',
          content: xlsxOf([
            [
              'Origem',
              'Destino',
              "Frete 40'HC (USD)",
              'THC (BRL/cntr)',
              'Transit time (dias)',
              'Free time (dias)',
            ],
            ['Shanghai', 'Santos', 3050, 1500, 30, 14],
          ]),
        },
      ],
    },
  ];
  for (const [i, carrier] of carriers.entries()) {
    const recipient = recipients.find((r) => r.transportadorId === carrier.id);
    const answer = answers[i];
    if (!recipient || !answer) continue;
    const raw = await composeMessage({
      from: `${carrier.nome} <${recipient.emails[0]}>`,
      to: [replyAddress(config.MAIL_REPLY_ADDRESS, recipient.replyToken)],
      subject: `RE: ${quote.tituloEmail}`,
      text: answer.text,
      inReplyTo: recipient.messageId,
      attachments: answer.attachments,
    });
    await inbound.ingest(raw, { source: 'local' });
  }
}
