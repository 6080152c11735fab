import type { DadosExtraidos, TypedValues } from '@cotacoes/shared';
import { uiPortal } from '@cotacoes/shared/messages/ui-portal';
import { PORTAL_FEE_UNIT_CODES, usualFeeUnit } from '@cotacoes/shared/schemas/portal';

/** 'por contêiner', 'por BL': the basis as the summary line says it. */
const portalFeeUnitWords = uiPortal.answer.feeUnits;

const money = (value: number) =>
  value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Values an analyst typed (an answer by phone or WhatsApp) as an extraction result: what they typed is
 * certain (confidence 1), and every value points to the line of the summary message built from it.
 */
export function typedResult(values: TypedValues, carrier: string): DadosExtraidos {
  const lines: string[] = [`Resposta registrada manualmente (${carrier}).`];
  const at = (text: string) => {
    lines.push(text);
    return { line: lines.length, text, origin: 'manual' };
  };
  const fretes = [
    ...(values.frete20 == null ? [] : [{ unidade: '20DC', valor: values.frete20 }]),
    ...(values.frete40 == null ? [] : [{ unidade: '40HC', valor: values.frete40 }]),
  ].map((item) => ({
    destino: null,
    unidade: item.unidade,
    valor: item.valor,
    moeda: values.moeda,
    minimo: null,
    confidence: 1,
    source: at(`Frete ${item.unidade}: ${values.moeda} ${money(item.valor)}`),
  }));
  const itens = values.taxas.map((fee) => {
    // The basis the analyst chose, else the usual one for the name (THC per container, BL fee per BL).
    const unidade = fee.unidade ?? usualFeeUnit(fee.nome);
    return {
      nome: fee.nome.toUpperCase(),
      rotulo: fee.nome,
      destino: null,
      unidade: PORTAL_FEE_UNIT_CODES[unidade],
      valor: fee.valor,
      moeda: fee.moeda,
      confidence: 1,
      source: at(`${fee.nome}: ${fee.moeda} ${money(fee.valor)} ${portalFeeUnitWords[unidade]}`),
    };
  });
  const evidence: DadosExtraidos['final']['evidence'] = {};
  const scalar = (field: string, text: string) => {
    evidence[field] = { confidence: 1, source: at(text), method: 'manual' };
  };
  if (values.transitTimeDias != null)
    scalar('transit_time_dias', `Transit time: ${values.transitTimeDias} dias`);
  if (values.freeTimeDias != null) scalar('free_time_destino_dias', `Free time: ${values.freeTimeDias} dias`);
  if (values.validade)
    scalar('validadeProposta', `Validade: ${values.validade.split('-').reverse().join('/')}`);
  if (values.observacoes) lines.push('', values.observacoes);
  const price = (unit: string) => fretes.find((f) => f.unidade === unit)?.valor ?? null;
  return {
    final: {
      transportador: carrier,
      armador: null,
      modal: null,
      moeda: values.moeda,
      incoterm: null,
      origem: null,
      portoOrigem: null,
      porto_destino: [],
      destinos: [],
      portoTransbordo: null,
      rota: null,
      transit_time_dias: values.transitTimeDias ?? null,
      transit_time_min_dias: values.transitTimeDias ?? null,
      transit_time_max_dias: values.transitTimeDias ?? null,
      free_time_destino_dias: values.freeTimeDias ?? null,
      validadeProposta: values.validade ?? null,
      frete: fretes[0] ? { tipo: fretes[0].unidade, valor: fretes[0].valor, moeda: values.moeda } : null,
      fretes,
      preco_por_container_20: price('20DC'),
      preco_por_container_40: price('40HC'),
      preco_por_kg: null,
      preco_por_m3: null,
      preco_minimo: null,
      tipoContainer: null,
      quantidadeContainer: null,
      volumeCarga: null,
      condicoesPagamento: null,
      taxas: { itens },
      confidence_overall: 1,
      evidence,
      reason: null,
    },
    detect: {
      source: 'email',
      fileKind: 'txt',
      language: 'pt',
      modal: null,
      numberFormat: 'BR',
      currencies: [...new Set([values.moeda, ...values.taxas.map((fee) => fee.moeda)])],
      messageDate: null,
      dateOrder: 'DMY',
      confidence: { source: 1, language: 1, modal: 0 },
      reasons: ['valores informados pelo usuário'],
    },
    blocks: [{ kind: 'body', startLine: 1, endLine: lines.length, title: null, origin: 'manual', lines }],
    fontes: [{ origem: 'manual', confidence: 1, escolhida: true, motivo: null }],
  };
}
