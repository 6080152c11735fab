import { formatMessage } from '../messages/errors.js';
import { uiWarnings } from '../messages/ui-warnings.js';
import type { Comparison, ComparisonRow, ProposalWarning } from '../schemas/comparison.js';
import type { ExtractionFinal } from '../schemas/responses.js';
import type { ComparisonResponse } from './build.js';
import { normalizeName, samePlace } from './names.js';
import { optionsRead, optionsReadKind, quotedTitles } from './options.js';
import { todayInSaoPaulo } from './totals.js';

/*
 * Warnings where the decision is made (issue 30 item 4): a proposal that goes by a route or with a shipping
 * line the request asked to avoid, takes longer than the transit time asked, or whose validity ends before
 * the answer deadline. Computed after the totals, so that they never change a figure.
 */

/** What a quote asked that a proposal can break (the request's free-text fields). */
export type QuoteLimits = {
  tempoTransito?: string | null;
  evitarRota?: string | null;
  evitarArmador?: string | null;
  /** true: a direct route is preferred (a transhipment is flagged). */
  preferenciaRota?: boolean | null;
  /** The answer deadline (ISO date-time or Date). */
  prazoResposta?: string | Date | null;
  /** The port the quote asked for (one; a list "Santos / Itapoá" asks for any of them). */
  destino?: string | null;
  /** The origin the quote asked for (a list "Shanghai / Ningbo" asks for any of them). */
  origem?: string | null;
};

const texts = uiWarnings.kinds;

/** Words of an "avoid" field that say how, not what ('evitar transbordo em Cartagena' → CARTAGENA). */
const FILLER_WORDS = new Set(
  'EVITAR EVITE NAO SEM VIA ROTA ROTAS PELO PELA POR EM NO NA NOS NAS DE DO DA DOS DAS O A OS AS PORTO PORTOS TRANSBORDO TRANSBORDOS TRANSHIPMENT TRANSSHIPMENT ESCALA ESCALAS CANAL ARMADOR ARMADORES AVOID'.split(
    ' ',
  ),
);

/** Upper case, no accents, only letters and digits between single spaces, padded for whole-word search. */
const words = (text: string) =>
  ` ${normalizeName(text)
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()} `;

/** The items of an "avoid" field: 'MSC, Maersk e CMA CGM' → [MSC, MAERSK, CMA CGM] (each with its filler). */
function avoidItems(field: string): { what: string; raw: string; display: string }[] {
  return field
    .split(/[,;/\n]|\s+e\s+|\s+ou\s+|\s+and\s+|\s+or\s+/i)
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => ({
      raw,
      // The item as typed, without its filler words ('evitar transbordo em Cartagena' → 'Cartagena').
      display: raw
        .split(/\s+/)
        .filter((word) => !FILLER_WORDS.has(words(word).trim()))
        .join(' '),
      what: words(raw)
        .trim()
        .split(' ')
        .filter((word) => word && !FILLER_WORDS.has(word))
        .join(' '),
    }));
}

const mentions = (haystack: string, needle: string) => needle !== '' && haystack.includes(` ${needle} `);

/**
 * The longest transit a request accepts, in days: the largest number of its field ('30 a 35 dias' → 35),
 * weeks counted as 7 days; null when it names no number.
 */
export function askedTransitDays(tempoTransito: string | null | undefined): number | null {
  if (!tempoTransito) return null;
  let longest: number | null = null;
  for (const match of normalizeName(tempoTransito).matchAll(/(\d+)\s*(SEMANAS?|WEEKS?)?/g)) {
    const days = Number(match[1]) * (match[2] ? 7 : 1);
    if (days > 0 && (longest === null || days > longest)) longest = days;
  }
  return longest;
}

const isoDate = (value: string | Date | null | undefined): string | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : todayInSaoPaulo(date);
};

const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/**
 * The route as the row shows it. "? → Itajaí" (the engine did not read an origin) says nothing the row's
 * port does not (QA pass 4: "Rota origem não informada → Santos" on nearly every row): no line. With a
 * transshipment the unknown end is named: "origem não informada → Busan → Santos".
 */
function routeText(rota: string | null): string | null {
  if (rota === null) return null;
  const parts = rota.split(' → ');
  if (parts.length === 2 && parts[0] === '?') return null;
  return parts
    .map((part, index) =>
      part !== '?'
        ? part
        : index === 0
          ? uiWarnings.unknownOrigin
          : index === parts.length - 1
            ? uiWarnings.unknownDestination
            : part,
    )
    .join(' → ');
}

type Carriage = {
  armador: string | null;
  /** The earlier version the armador was read from, when this one names none. */
  armadorVersaoAnterior?: number;
  rota: string | null;
  transbordo: string | null;
};

/** A route whose first port is an origin the row did not count, starting at the counted one instead. */
function fromOrigin(rota: string | null, counted: { origem: string; outras: string[] }): string | null {
  if (rota === null) return null;
  const parts = rota.split(' → ');
  if (!counted.outras.some((other) => samePlace(other, parts[0]!))) return rota;
  parts[0] = counted.origem;
  return parts.join(' → ');
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function armadorOf(final: ExtractionFinal | null | undefined): string | null {
  const armador = final?.armador as unknown;
  // Spec 001 §3: armador{nome,codigo} or carrier; the engine gives a name.
  return (
    text(armador) ??
    text((armador as { nome?: unknown } | null)?.nome) ??
    text((final as { carrier?: unknown } | null)?.carrier)
  );
}

/**
 * How a row travels: its answer's shipping line, route and transhipment, the route ending at the row's own
 * destination (a reply for Santos or Itapoá has one route line; a kept port is that port's). What a revision
 * does not restate (the line, the origin, the route) is its earlier versions', newest first.
 */
function carriageOf(
  final: ExtractionFinal | null | undefined,
  destino: string | null,
  earlier: readonly (ExtractionFinal | null | undefined)[] = [],
  earlierVersions: readonly number[] = [],
): Carriage {
  const ownArmador = armadorOf(final);
  const keptIndex = ownArmador === null ? earlier.findIndex((item) => armadorOf(item) !== null) : -1;
  const ownRoute = text(final?.rota);
  const routed = ownRoute ?? earlier.map((item) => text(item?.rota)).find((value) => value !== null) ?? null;
  let rota = routed;
  if (rota !== null) {
    const parts = rota.split(' → ');
    if (parts[0] === '?') {
      const origin = earlier
        .map((item) => text(item?.rota)?.split(' → ')[0])
        .find((value) => value !== undefined && value !== '?');
      if (origin) parts[0] = origin;
    }
    if (destino && parts.length >= 2) parts[parts.length - 1] = destino;
    rota = parts.join(' → ');
  }
  return {
    armador: ownArmador ?? (keptIndex >= 0 ? armadorOf(earlier[keptIndex]) : null),
    ...(keptIndex >= 0 && earlierVersions[keptIndex] !== undefined
      ? { armadorVersaoAnterior: earlierVersions[keptIndex] }
      : {}),
    rota: routeText(rota),
    transbordo:
      text(final?.portoTransbordo) ??
      (ownRoute === null
        ? (earlier.map((item) => text(item?.portoTransbordo)).find((value) => value !== null) ?? null)
        : null),
  };
}

/** The ports a quote's destination names: "Santos, BR" → [Santos]; "Santos / Itapoá" → both. */
function askedPorts(destino: string | null | undefined): string[] {
  if (!destino?.trim()) return [];
  return destino
    .split(/\s*(?:\/|;|\bou\b|\bor\b)\s*/i)
    .map((part) => part.split(',')[0]!.trim())
    .filter((part) => part.length > 1)
    .slice(0, 6);
}

/** The first port of a route as the row shows it; null when the reply names none. */
function routeOrigin(rota: string | null): string | null {
  const first = rota?.split(' → ')[0]?.trim();
  return first && first !== '?' && first !== uiWarnings.unknownOrigin ? first : null;
}

/** The warnings of one row: its own transit and validity, its answer's route and shipping line. */
export function proposalWarnings(
  row: Pick<ComparisonRow, 'prazo' | 'validade'> & Partial<Pick<ComparisonRow, 'destino' | 'precificada'>>,
  carriage: Carriage,
  limits: QuoteLimits,
): ProposalWarning[] {
  const warnings: ProposalWarning[] = [];
  // An origin the quote did not ask for: an alternative, or a reply about another quote sent in this one's
  // thread (its figures would be counted here; known-left of QA pass 35).
  const origins = askedPorts(limits.origem);
  const origem = routeOrigin(carriage.rota);
  if (origem && origins.length > 0 && !origins.some((port) => samePlace(port, origem)))
    warnings.push({
      tipo: 'outraOrigem',
      texto: formatMessage(texts.outraOrigem, { origem, pedido: origins.join(' / ') }),
    });
  const route = words([carriage.rota, carriage.transbordo].filter(Boolean).join(' '));
  const hasTranshipment = carriage.transbordo !== null;
  if (limits.evitarRota) {
    for (const item of avoidItems(limits.evitarRota)) {
      if (item.what === '') {
        // 'Evitar transbordo' with nothing after it: any transhipment breaks it.
        if (/TRANSBORDO|TRANSHIPMENT|TRANSSHIPMENT/.test(normalizeName(item.raw)) && hasTranshipment)
          warnings.push({
            tipo: 'evitarTransbordo',
            texto: formatMessage(texts.evitarTransbordo, { transbordo: carriage.transbordo! }),
          });
      } else if (mentions(route, item.what)) {
        warnings.push({
          tipo: 'evitarRota',
          texto: formatMessage(texts.evitarRota, { trecho: item.display }),
        });
      }
    }
  }
  if (limits.preferenciaRota && hasTranshipment && !warnings.some((w) => w.tipo === 'evitarTransbordo'))
    warnings.push({
      tipo: 'rotaDireta',
      texto: formatMessage(texts.rotaDireta, { transbordo: carriage.transbordo! }),
    });
  if (limits.evitarArmador && carriage.armador) {
    const armador = words(carriage.armador);
    const avoided = avoidItems(limits.evitarArmador).find(
      (item) => mentions(armador, item.what) || mentions(words(item.what), armador.trim()),
    );
    if (avoided)
      warnings.push({
        tipo: 'evitarArmador',
        texto: formatMessage(texts.evitarArmador, { armador: carriage.armador }),
      });
  }
  const asked = askedTransitDays(limits.tempoTransito);
  if (asked !== null && row.prazo.valor !== null && row.prazo.valor > asked)
    warnings.push({
      tipo: 'transitTime',
      texto: formatMessage(texts.transitTime, { prazo: row.prazo.valor, pedido: asked }),
    });
  // A port the quote did not ask for (the QA pass: "Paranaguá" marked 'Menor custo' on a quote to Santos).
  const ports = askedPorts(limits.destino);
  if (row.destino && ports.length > 0 && !ports.some((port) => samePlace(port, row.destino!)))
    warnings.push({
      tipo: 'outroDestino',
      texto: formatMessage(texts.outroDestino, { destino: row.destino, pedido: ports.join(' / ') }),
    });
  // No port said on a quote to several: its total has no road cost of any of them (QA pass 31). A reply
  // with no price has no total to speak of (an empty reply read it).
  if (!row.destino && ports.length >= 2 && row.precificada !== false)
    warnings.push({
      tipo: 'destinoNaoInformado',
      texto: formatMessage(texts.destinoNaoInformado, { pedido: ports.join(' / ') }),
    });
  const deadline = isoDate(limits.prazoResposta);
  const validity = row.validade.valor;
  // An expired validity has its own badge ('Vencida'); this is the one that expires while the quote waits.
  if (deadline && validity && /^\d{4}-\d{2}-\d{2}/.test(validity) && !row.validade.expirada) {
    if (validity.slice(0, 10) < deadline)
      warnings.push({
        tipo: 'validadePrazo',
        texto: formatMessage(texts.validadePrazo, { validade: brDate(validity), prazo: brDate(deadline) }),
      });
  }
  return warnings;
}

/** A reply of several options: the one compared and those left out (the row's figures are one option's). */
function optionsWarning(blocks: Parameters<typeof optionsRead>[0]): ProposalWarning | null {
  const read = optionsRead(blocks);
  if (!read) return null;
  const text = texts.outrasOpcoes[optionsReadKind(read)];
  return {
    tipo: 'outrasOpcoes',
    texto: formatMessage(text, {
      n: read.total,
      escolhida: read.escolhida,
      outras: quotedTitles(read.outras),
    }),
  };
}

/**
 * The comparison with each row's carriage (armador, route, transhipment) and warnings. Rows keep their
 * order and figures; the answer of a row is found by `respostaId` among `respostas`.
 */
export function withProposalWarnings(
  comparison: Comparison,
  respostas: readonly (Pick<ComparisonResponse, 'id' | 'dadosExtraidos'> &
    Partial<Pick<ComparisonResponse, 'versoes'>>)[],
  limits: QuoteLimits,
): Comparison {
  const byId = new Map(respostas.map((entry) => [entry.id, entry]));
  // A destination that is no row's port (an inland city, "Campinas") is not a port to compare against.
  const quoted = askedPorts(limits.destino).some((port) =>
    comparison.linhas.some((row) => row.destino !== null && samePlace(row.destino, port)),
  );
  // Each row's carriage, read once: its answer's, what a revision does not restate from earlier versions.
  const carriages = comparison.linhas.map((row) => {
    const entry = byId.get(row.respostaId);
    const versions = [...(entry?.versoes ?? [])].sort((a, b) => b.versao - a.versao);
    const earlier = versions.map((version) => version.dadosExtraidos?.final ?? null);
    const asRead = carriageOf(
      entry?.dadosExtraidos?.final,
      row.destino,
      earlier,
      versions.map((version) => version.versao),
    );
    // The row's own version read again (its armador as the version list holds it) is no earlier one.
    if (asRead.armadorVersaoAnterior !== undefined && asRead.armadorVersaoAnterior >= row.versao)
      delete asRead.armadorVersaoAnterior;
    // Counted from another origin than the reply's route starts at: the route says the counted one (QA 30).
    return row.origemContada ? { ...asRead, rota: fromOrigin(asRead.rota, row.origemContada) } : asRead;
  });
  // The same for an origin ("China", an inland city): compared only when some row starts at it.
  const departs = askedPorts(limits.origem).some((port) =>
    carriages.some((carriage) => {
      const origem = routeOrigin(carriage.rota);
      return origem !== null && samePlace(origem, port);
    }),
  );
  const rowLimits = {
    ...limits,
    destino: quoted ? limits.destino : null,
    origem: departs ? limits.origem : null,
  };
  return {
    ...comparison,
    linhas: comparison.linhas.map((row, index) => {
      const entry = byId.get(row.respostaId);
      const carriage = carriages[index]!;
      // A carrier that declined sent no proposal: nothing of it to warn about.
      const alertas = row.declinou ? [] : proposalWarnings(row, carriage, rowLimits);
      const options = row.declinou ? null : optionsWarning(entry?.dadosExtraidos?.blocks);
      if (options) alertas.push(options);
      if (row.origemContada)
        alertas.push({
          tipo: 'origemContada',
          texto: formatMessage(texts.origemContada, {
            origem: row.origemContada.origem,
            outras: row.origemContada.outras.join(', '),
          }),
        });
      if (row.versaoNaoLida !== undefined)
        alertas.push({
          tipo: 'versaoNaoLida',
          texto: formatMessage(texts.versaoNaoLida, { versao: row.versaoNaoLida, atual: row.versao }),
        });
      if (row.versaoSemValores) {
        const { versao, recusa } = row.versaoSemValores;
        alertas.push({
          tipo: 'versaoSemValores',
          texto: formatMessage(texts.versaoSemValores[recusa ? 'recusa' : 'semValores'], {
            versao,
            atual: row.versao,
          }),
        });
      }
      // The option compared, for the approval e-mail to say which one was approved.
      const read = row.declinou ? null : optionsRead(entry?.dadosExtraidos?.blocks);
      return { ...row, ...carriage, alertas, ...(read ? { opcao: read.escolhida } : {}) };
    }),
  };
}
