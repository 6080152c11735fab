import { CONTAINER_UNITS as CONTAINER_UNIT_LIST } from '../hints/vocabulary.js';
import { normaliseLabel } from '../normalise/text.js';
import { deriveSummary } from '../pipeline/build-final.js';
import type {
  Block,
  ExtractionResult,
  FeeItem,
  FinalData,
  FreightItem,
  FreightUnit,
  SourceRef,
} from '../types.js';

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

/**
 * `attachment:<name>`; with `nested`, what already came from an attachment of that file (a forwarded
 * message's own PDF) keeps its name under it: `attachment:<name>/<inner name>`.
 */
function retag(source: SourceRef, origin: string, nested: boolean): SourceRef {
  const inner =
    nested && source.origin.startsWith(ATTACHMENT) ? source.origin.slice(ATTACHMENT.length) : null;
  return { ...source, origin: inner === null ? origin : `${origin}/${inner}` };
}

const ATTACHMENT = 'attachment:';

/** Marks every item of an attachment's result with the attachment it came from. */
export function tagAttachment(result: ExtractionResult, filename: string, nested = false): ExtractionResult {
  const origin = `${ATTACHMENT}${filename}`;
  const tag = (source: SourceRef) => retag(source, origin, nested);
  const final = result.final;
  const evidence = Object.fromEntries(
    Object.entries(final.evidence).map(([k, e]) => [
      k,
      { ...e, source: e.source === null ? null : tag(e.source) },
    ]),
  );
  return {
    detect: result.detect,
    blocks: result.blocks.map((b) => ({
      ...b,
      origin:
        nested && b.origin.startsWith(ATTACHMENT) ? `${origin}/${b.origin.slice(ATTACHMENT.length)}` : origin,
    })),
    final: {
      ...final,
      evidence,
      destinos: final.destinos.map((d) => ({
        ...d,
        ...(d.transit_source === undefined ? {} : { transit_source: tag(d.transit_source) }),
        ...(d.free_source === undefined ? {} : { free_source: tag(d.free_source) }),
        ...(d.validade_source === undefined ? {} : { validade_source: tag(d.validade_source) }),
      })),
      fretes: final.fretes.map((f) => ({ ...f, source: tag(f.source) })),
      taxas: { itens: final.taxas.itens.map((t) => ({ ...t, source: tag(t.source) })) },
      ...(final.ignoradosPorDica === undefined
        ? {}
        : { ignoradosPorDica: final.ignoradosPorDica.map((i) => ({ ...i, source: tag(i.source) })) }),
    },
  };
}

const feeKey = (t: FeeItem) => `${t.nome}|${t.valor}|${t.moeda}|${t.unidade}|${t.destino}`;

/** Two destinations that may be one port: equal, or either left open (a value for every port). */
const samePort = (a: string | null, b: string | null) => a === null || b === null || a === b;

/**
 * Whether `fees` hold this charge (QA pass 18): the same fee by its normalised name, on the same side
 * (origin or destination) and port, whatever its value, basis or split by equipment. The attached
 * proposal's THC of 1.450 per 20DC and per 40HC beside the body's THC of 1.300 is that one charge, not two
 * more: it was counted three ways.
 */
function holdsCharge(fees: readonly FeeItem[], fee: FeeItem): boolean {
  const name = normaliseLabel(fee.nome);
  return fees.some(
    (own) =>
      normaliseLabel(own.nome) === name &&
      (own.lado ?? null) === (fee.lado ?? null) &&
      samePort(own.destino, fee.destino),
  );
}

/** Read from an older message the newest one says still applies (`origin: 'quoted'`), not written now. */
const fromOlderMessage = (fee: FeeItem) => fee.source.origin === 'quoted';

const CONTAINER_UNITS = new Set<FreightUnit>(CONTAINER_UNIT_LIST);

/** Whether a freight line prices the same container type, port and origin as another. */
const sameFreight = (a: FreightItem, b: FreightItem) =>
  a.unidade === b.unidade &&
  samePort(a.destino, b.destino) &&
  (a.origem === undefined || b.origem === undefined || a.origem === b.origem);

/**
 * The attachment's container prices for the types and ports the body leaves unpriced (QA pass 18: "Atualizamos
 * o 40HC … demais valores conforme proposta em anexo" lost the attached 20DC price). The body's lines win
 * where both price one; a body priced per kg, m³ or BL (air, LCL) is left as it is, since another unit of
 * the same freight is no gap.
 */
function freightGaps(own: readonly FreightItem[], attached: readonly FreightItem[]): FreightItem[] {
  if (!own.every((f) => CONTAINER_UNITS.has(f.unidade))) return [];
  return attached.filter(
    (line) => CONTAINER_UNITS.has(line.unidade) && !own.some((priced) => sameFreight(priced, line)),
  );
}

/**
 * The port a body names when it names one (a reply to a Santos quote): its lines without a port are that
 * port's, not every port's, once an attachment prices others (QA pass 18).
 */
function soleBodyPort(body: FinalData): string | null {
  return body.porto_destino.length === 1 ? (body.porto_destino[0]?.nome ?? null) : null;
}

/** The item with the body's port when it names none. */
function atPort<T extends { destino: string | null }>(item: T, port: string | null): T {
  return item.destino === null && port !== null ? { ...item, destino: port } : item;
}

/**
 * `deriveSummary` rebuilds `destinos` from the prices, which dropped each port's own transit and free time
 * (QA pass 18: a sheet's Santos 38 days and Paranaguá 40 showed "38–40" on the Santos line once attached to
 * an e-mail). Each port takes them back from the first result that gives them, the body first.
 */
function keepDestinationDays(final: FinalData, results: readonly FinalData[]): void {
  const given = results.flatMap((r) => r.destinos);
  for (const destino of final.destinos) {
    const transit = given.find((d) => d.nome === destino.nome && d.transit_time_dias !== undefined);
    if (transit?.transit_time_dias !== undefined) {
      destino.transit_time_dias = transit.transit_time_dias;
      if (transit.transit_source !== undefined) destino.transit_source = transit.transit_source;
    }
    const free = given.find((d) => d.nome === destino.nome && d.free_time_dias !== undefined);
    if (free?.free_time_dias !== undefined) {
      destino.free_time_dias = free.free_time_dias;
      if (free.free_source !== undefined) destino.free_source = free.free_source;
    }
    const valid = given.find((d) => d.nome === destino.nome && d.validade !== undefined);
    if (valid?.validade !== undefined) {
      destino.validade = valid.validade;
      if (valid.validade_source !== undefined) destino.validade_source = valid.validade_source;
    }
  }
}

/**
 * An e-mail body and its attachments as one quote: the body's values win where it is confident. Freight
 * comes from the body; the attachment with the most freight lines gives all of it when the body has none,
 * else the container types and ports the body leaves unpriced. A fee the body quotes is the body's (the
 * attachment's lines for that charge are left out); the attachments' other fees are added, and replace a
 * fee the body only carries over from an older message.
 */
export function mergeWithAttachments(
  body: ExtractionResult,
  attachments: Array<{ filename: string; result: ExtractionResult }>,
): ExtractionResult {
  if (attachments.length === 0) return body;
  const ranked = [...attachments].sort((a, b) => b.result.final.fretes.length - a.result.final.fretes.length);
  const final: FinalData = { ...body.final, evidence: { ...body.final.evidence } };
  // The body's own fees win over an attachment's; those it only carries over from an older message give
  // way to the attachment, which came with the newest one.
  const bodyPort = soleBodyPort(body.final);
  const ownFees = new Set(body.final.taxas.itens.filter((t) => !fromOlderMessage(t)));
  const bodyFees = [...ownFees].map((t) => atPort(t, bodyPort));
  /** Whether an attachment's item is for a port other than the one the body answers for. */
  const elsewhere = (item: { destino: string | null }) =>
    bodyPort !== null && item.destino !== null && item.destino !== bodyPort;
  ranked.forEach(({ result }, rank) => {
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
    } else if (rank === 0) {
      const gaps = freightGaps(
        final.fretes.map((f) => atPort(f, bodyPort)),
        other.fretes,
      );
      const pinned = gaps.some(elsewhere) ? final.fretes.map((f) => atPort(f, bodyPort)) : final.fretes;
      final.fretes = [...pinned, ...gaps];
      const named = new Set(final.porto_destino.map((p) => p.nome));
      const added = new Set(gaps.map((f) => f.destino).filter((d) => d !== null && !named.has(d)));
      final.porto_destino = [...final.porto_destino, ...other.porto_destino.filter((p) => added.has(p.nome))];
    }
    const known = new Set(final.taxas.itens.map(feeKey));
    const added = other.taxas.itens.filter((t) => !known.has(feeKey(t)) && !holdsCharge(bodyFees, t));
    const others = added.filter(elsewhere);
    const kept = final.taxas.itens
      .filter((t) => !fromOlderMessage(t) || !holdsCharge(added, t))
      .map((t) => (ownFees.has(t) && holdsCharge(others, t) ? atPort(t, bodyPort) : t));
    final.taxas = { itens: [...kept, ...added] };
  });
  deriveSummary(final);
  keepDestinationDays(final, [body.final, ...ranked.map((a) => a.result.final)]);
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
