import { freightTypeName } from '@cotacoes/shared/comparison/freight-type';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { normaliseCurrency } from '@/features/responses';
import { formatAmount, formatIsoDate, formatMoney } from '@/lib/format';

const t = ui.decisions.comparison;
const rate = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export const money = (valor: number, moeda: string | null) => formatMoney(valor, normaliseCurrency(moeda));
/** An amount without its symbol, where a label already names the currency: '1.450,00'. */
export const amount = formatAmount;
/** An exchange rate with the PTAX's four decimals: 'R$ 5,4321'. */
export const brlRate = (valor: number) => `R$ ${rate.format(valor)}`;
export const marginText = (valor: number) => percent.format(valor);
export const daysText = (count: number) => formatMessage(t.days, { count });
export const dateText = (iso: string) => formatIsoDate(iso.slice(0, 10), ui.common.invalidDate);

export interface VariationPart {
  /** '▼ 120,00 USD' */
  text: string;
  /** Spoken: 'Menor que a versão 1 em 120,00 USD'. */
  label: string;
  direction: 'lower' | 'higher';
}

/**
 * The change against the previous version: the BRL total, the USD total (the spec's example '▼ 120,00
 * USD') and the transit time; nothing for what did not move. Lower is good for both, so it is shown green.
 */
export function variationParts(variacao: ComparisonRow['variacao']): VariationPart[] {
  if (!variacao) return [];
  const parts: VariationPart[] = [];
  const versao = variacao.versaoAnterior;
  // The BRL total first (the column the table sorts by, QA pass 11: only USD was shown), then the spec's USD.
  for (const [total, moeda] of [
    [variacao.custoTotalBRL, 'BRL'],
    [variacao.custoTotalUSD, 'USD'],
  ] as const) {
    if (total === null || Math.abs(total) < 0.005) continue;
    const valor = `${formatAmount(Math.abs(total))} ${moeda}`;
    const lower = total < 0;
    parts.push({
      text: formatMessage(lower ? t.variationLower : t.variationHigher, { valor }),
      label: formatMessage(lower ? t.variationLowerLabel : t.variationHigherLabel, { versao, valor }),
      direction: lower ? 'lower' : 'higher',
    });
  }
  const days = variacao.prazo;
  if (days !== null && days !== 0) {
    const lower = days < 0;
    const count = Math.abs(days);
    parts.push({
      text: formatMessage(lower ? t.variationDaysLower : t.variationDaysHigher, { count }),
      label: formatMessage(lower ? t.variationDaysLowerLabel : t.variationDaysHigherLabel, { count, versao }),
      direction: lower ? 'lower' : 'higher',
    });
  }
  return parts;
}

/** A freight line's name: "Frete 20DC". */
export const freightLabel = (tipo: string) =>
  formatMessage(ui.decisions.correction.fields.frete, { tipo: freightTypeName(tipo) });
/**
 * A fee line's name for its correction buttons and toasts: "Taxa THC (20DV)", "Taxa de liberação" (not
 * "Taxa Taxa de liberação"); the type or port tells two lines of one fee apart (QA pass 23: two THC buttons
 * read alike to a screen reader).
 */
export function feeLabel(taxa: { rotulo: string; equipamento?: string; destino?: string | null }): string {
  const nome = /^taxas?\b/i.test(taxa.rotulo.trim())
    ? taxa.rotulo.trim()
    : formatMessage(ui.decisions.correction.fields.taxa, { nome: taxa.rotulo });
  const which = [taxa.equipamento, taxa.destino].filter(Boolean).join(', ');
  return which ? `${nome} (${which})` : nome;
}
