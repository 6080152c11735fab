import { canonicalFeeName } from '@cotacoes/extraction';
import {
  type DadosExtraidos,
  isMeasureFeeUnit,
  PORTAL_FEE_UNIT_CODES,
  type PortalAnswer,
  type PortalFeeUnit,
} from '@cotacoes/shared';
import { uiPortal } from '@cotacoes/shared/messages/ui-portal';

const money = (value: number) =>
  value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const feeUnitText = (unit: PortalFeeUnit) => uiPortal.answer.feeUnits[unit] ?? unit;
const freightUnitText = (unit: string) => uiPortal.answer.units[unit] ?? unit;

/** An answer typed into a form: the carrier's on its portal page, or the analyst's ('Registrar resposta'). */
export type FormAnswer = Omit<PortalAnswer, 'condicoesPagamento'> & { condicoesPagamento?: string | null };

/** Who typed it: what the summary message, the provenance and the detection say. */
const ORIGINS = {
  portal: {
    heading: (carrier: string) => `Resposta enviada pelo portal (${carrier}).`,
    source: 'portal',
    reason: 'valores informados pelo agente de carga no portal',
  },
  manual: {
    heading: (carrier: string) => `Resposta registrada manualmente (${carrier}).`,
    source: 'email',
    reason: 'valores informados pelo usuário',
  },
} as const;

/**
 * What a carrier filled in on its portal page, as an extraction result (like `typedResult` of an answer
 * registered by hand): the carrier's own figures are certain (confidence 1, provenance 'portal'), and each
 * value points to the line of the message built from the form. Freight units are the comparison's
 * (container types, KG, M3); fee bases are its unit markers (CNTR is multiplied by the containers, BL and
 * PROCESSO count once, KG / M3 by the shipment's weight / volume — comparison/quantities.ts).
 */
export function portalResult(answer: PortalAnswer, carrier: string): DadosExtraidos {
  const result = formAnswerResult(answer, carrier, 'portal');
  /** The form as the carrier sent it: what its portal page shows to prefill the next version. */
  result.final.respostaPortal = answer;
  return result;
}

/**
 * A form's answer as an extraction result, the portal's and the analyst's alike (one reading of prices per
 * port, W/M and minimums: QA pass 21 found the analyst's form without them).
 */
export function formAnswerResult(
  answer: FormAnswer,
  carrier: string,
  origin: keyof typeof ORIGINS,
): DadosExtraidos {
  const how = ORIGINS[origin];
  const lines: string[] = [how.heading(carrier)];
  const at = (text: string) => {
    lines.push(text);
    return { line: lines.length, text, origin };
  };
  const fretes = answer.fretes.map((item) => ({
    destino: item.destino,
    unidade: item.unidade,
    valor: item.valor,
    moeda: item.moeda,
    // A price per kg, m³ or W/M is never charged below its minimum (comparison/quantities.ts chargeAmount).
    minimo: item.minimo ?? null,
    confidence: 1,
    source: at(
      `Frete ${freightUnitText(item.unidade)}${item.destino ? ` (${item.destino})` : ''}: ${item.moeda} ${money(item.valor)}${item.minimo ? ` (mínimo ${item.moeda} ${money(item.minimo)})` : ''}`,
    ),
  }));
  // Prices for named ports (the quote names several): each port a destination of its own, with its first
  // price in each currency, as the engine reports a reply that prices ports apart.
  const ports = [...new Set(fretes.flatMap((frete) => (frete.destino ? [frete.destino] : [])))];
  const firstOf = (port: string, moeda: string) =>
    fretes.find((frete) => frete.destino === port && frete.moeda === moeda)?.valor ?? null;
  const destinos = ports.map((nome) => ({
    nome,
    valorFreteUSD: firstOf(nome, 'USD'),
    valorFreteBRL: firstOf(nome, 'BRL'),
    valorFreteEUR: firstOf(nome, 'EUR'),
  }));
  const itens = answer.taxas.map((fee) => {
    // A charge per kg, m³ or W/M is never counted below its minimum (comparison/fees.ts); other bases have none.
    const minimo = isMeasureFeeUnit(fee.unidade) && fee.minimo ? fee.minimo : null;
    return {
      // The engine's name for the charge ("Fuel surcharge" → FSC), as a reply's: typed or portal answers are
      // compared with the others by it (QA pass 24: "sem FSC" beside a typed "Fuel surcharge").
      nome: canonicalFeeName(fee.nome),
      rotulo: fee.nome,
      // A charge for one port counts on that port's row only; without one, on every port's (comparison/fees.ts).
      destino: fee.destino,
      unidade: PORTAL_FEE_UNIT_CODES[fee.unidade],
      valor: fee.valor,
      moeda: fee.moeda,
      minimo,
      confidence: 1,
      source: at(
        `${fee.nome}${fee.destino ? ` (${fee.destino})` : ''}: ${fee.moeda} ${money(fee.valor)} ${feeUnitText(fee.unidade)}${minimo ? ` (mínimo ${fee.moeda} ${money(minimo)})` : ''}`,
      ),
    };
  });
  const evidence: DadosExtraidos['final']['evidence'] = {};
  const scalar = (field: string, text: string) => {
    evidence[field] = { confidence: 1, source: at(text), method: origin };
  };
  if (answer.transitTimeDias !== null)
    scalar('transit_time_dias', `Transit time: ${answer.transitTimeDias} dias`);
  if (answer.freeTimeDias !== null)
    scalar('free_time_destino_dias', `Free time: ${answer.freeTimeDias} dias`);
  if (answer.validade)
    scalar('validadeProposta', `Validade: ${answer.validade.split('-').reverse().join('/')}`);
  if (answer.condicoesPagamento)
    scalar('condicoesPagamento', `Condições de pagamento: ${answer.condicoesPagamento}`);
  if (answer.observacoes) lines.push('', answer.observacoes);
  const containerPrice = (size: '20' | '40') =>
    fretes.find((f) => f.unidade.startsWith(size) && f.moeda === fretes[0]!.moeda)?.valor ?? null;
  const perUnit = (unit: 'KG' | 'M3') => fretes.find((f) => f.unidade === unit)?.valor ?? null;
  const first = fretes[0];
  const currencies = [...new Set([...fretes.map((f) => f.moeda), ...itens.map((fee) => fee.moeda)])];
  return {
    final: {
      transportador: carrier,
      armador: null,
      modal: null,
      moeda: first?.moeda ?? itens[0]?.moeda ?? null,
      incoterm: null,
      origem: null,
      portoOrigem: null,
      porto_destino: ports.map((nome) => ({ nome, codigo: null, pais: null })),
      destinos,
      portoTransbordo: null,
      rota: null,
      transit_time_dias: answer.transitTimeDias,
      transit_time_min_dias: answer.transitTimeDias,
      transit_time_max_dias: answer.transitTimeDias,
      free_time_destino_dias: answer.freeTimeDias,
      validadeProposta: answer.validade,
      frete: first ? { tipo: first.unidade, valor: first.valor, moeda: first.moeda } : null,
      fretes,
      preco_por_container_20: containerPrice('20'),
      preco_por_container_40: containerPrice('40'),
      preco_por_kg: perUnit('KG'),
      preco_por_m3: perUnit('M3'),
      preco_minimo: fretes.find((f) => f.minimo !== null)?.minimo ?? null,
      tipoContainer: null,
      quantidadeContainer: null,
      volumeCarga: null,
      condicoesPagamento: answer.condicoesPagamento ?? null,
      taxas: { itens },
      confidence_overall: 1,
      evidence,
      reason: null,
    },
    detect: {
      source: how.source,
      fileKind: 'txt',
      language: 'pt',
      modal: null,
      numberFormat: 'BR',
      currencies,
      messageDate: null,
      dateOrder: 'DMY',
      confidence: { source: 1, language: 1, modal: 0 },
      reasons: [how.reason],
    },
    blocks: [{ kind: 'body', startLine: 1, endLine: lines.length, title: null, origin, lines }],
    fontes: [{ origem: origin, confidence: 1, escolhida: true, motivo: null }],
  };
}
