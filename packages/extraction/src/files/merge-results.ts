import { deriveSummary } from '../pipeline/build-final.js';
import type { Block, ExtractionResult, FeeItem, FinalData, SourceRef } from '../types.js';

const SCALARS = [
  'transportador',
  'armador',
  'incoterm',
  'origem',
  'portoOrigem',
  'portoTransbordo',
  'transit_time_dias',
  'transit_time_min_dias',
  'transit_time_max_dias',
  'free_time_destino_dias',
  'peso_taxavel_kg',
  'validadeProposta',
  'condicoesPagamento',
  'quantidadeContainer',
  'volumeCarga',
] as const;

const EVIDENCE_KEY: Partial<Record<(typeof SCALARS)[number], string>> = {
  origem: 'portoOrigem',
  transit_time_min_dias: 'transit_time_dias',
  transit_time_max_dias: 'transit_time_dias',
};

function retag(source: SourceRef, origin: string): SourceRef {
  return { ...source, origin };
}

/** Marks every item of an attachment's result with the attachment it came from. */
export function tagAttachment(result: ExtractionResult, filename: string): ExtractionResult {
  const origin = `attachment:${filename}`;
  const final = result.final;
  const evidence = Object.fromEntries(
    Object.entries(final.evidence).map(([k, e]) => [
      k,
      { ...e, source: e.source === null ? null : retag(e.source, origin) },
    ]),
  );
  return {
    detect: result.detect,
    blocks: result.blocks.map((b) => ({ ...b, origin })),
    final: {
      ...final,
      evidence,
      fretes: final.fretes.map((f) => ({ ...f, source: retag(f.source, origin) })),
      taxas: { itens: final.taxas.itens.map((t) => ({ ...t, source: retag(t.source, origin) })) },
      ...(final.ignoradosPorDica === undefined
        ? {}
        : {
            ignoradosPorDica: final.ignoradosPorDica.map((i) => ({ ...i, source: retag(i.source, origin) })),
          }),
    },
  };
}

const feeKey = (t: FeeItem) => `${t.nome}|${t.valor}|${t.moeda}|${t.unidade}|${t.destino}`;

/**
 * An e-mail body and its attachments as one quote: the body's values win where it is confident, rates
 * come from the body when it has any, otherwise from the attachment with the most freight lines.
 */
export function mergeWithAttachments(
  body: ExtractionResult,
  attachments: Array<{ filename: string; result: ExtractionResult }>,
): ExtractionResult {
  if (attachments.length === 0) return body;
  const ranked = [...attachments].sort((a, b) => b.result.final.fretes.length - a.result.final.fretes.length);
  const final: FinalData = { ...body.final, evidence: { ...body.final.evidence } };
  for (const { result } of ranked) {
    const other = result.final;
    for (const key of SCALARS) {
      const evidenceKey = EVIDENCE_KEY[key] ?? key;
      const weak = (final.evidence[evidenceKey]?.confidence ?? 0) < 0.5;
      // `?? null`: an optional scalar (peso_taxavel_kg) may be absent from a result.
      if (((final[key] ?? null) === null || weak) && (other[key] ?? null) !== null) {
        Object.assign(final, { [key]: other[key] });
        const evidence = other.evidence[evidenceKey];
        if (evidence !== undefined) final.evidence[evidenceKey] = evidence;
      }
    }
    if (final.porto_destino.length === 0) final.porto_destino = other.porto_destino;
    if (final.fretes.length === 0 && other.fretes.length > 0) {
      final.fretes = other.fretes;
      final.modal = other.modal ?? final.modal;
      const named = new Set(other.porto_destino.map((p) => p.nome));
      final.porto_destino = [
        ...other.porto_destino,
        ...final.porto_destino.filter((p) => !named.has(p.nome)),
      ];
    }
    const known = new Set(final.taxas.itens.map(feeKey));
    final.taxas = {
      itens: [...final.taxas.itens, ...other.taxas.itens.filter((t) => !known.has(feeKey(t)))],
    };
  }
  deriveSummary(final);
  final.confidence_overall = Math.max(
    body.final.confidence_overall,
    ...attachments.map((a) => a.result.final.confidence_overall),
  );
  final.reason = final.fretes.length > 0 ? null : body.final.reason;
  const ignored = [body, ...attachments.map((a) => a.result)].flatMap((r) => r.final.ignoradosPorDica ?? []);
  if (ignored.length > 0) final.ignoradosPorDica = ignored;
  const attachmentBlocks: Block[] = attachments.flatMap(({ filename, result }) => [
    {
      kind: 'attachment',
      startLine: 0,
      endLine: 0,
      title: filename,
      origin: `attachment:${filename}`,
      lines: [],
    },
    ...result.blocks,
  ]);
  return {
    detect: {
      ...body.detect,
      modal: final.modal,
      reasons: [
        ...body.detect.reasons,
        ...attachments.flatMap((a) => a.result.detect.reasons.map((r) => `${a.filename}: ${r}`)),
      ],
    },
    blocks: [...body.blocks, ...attachmentBlocks],
    final,
  };
}
