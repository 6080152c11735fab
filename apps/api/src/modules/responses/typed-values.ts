import type { DadosExtraidos, PortalFreightUnit, TypedValues } from '@cotacoes/shared';
import { usualFeeUnit } from '@cotacoes/shared/schemas/portal';
import { formAnswerResult } from '../../follow-up/portal-answer.js';

/**
 * Values an analyst typed (an answer by phone or WhatsApp) as an extraction result, read as the portal's
 * form is (`formAnswerResult`): what they typed is certain (confidence 1), and every value points to the line
 * of the summary message built from it. The earlier form's `frete20` / `frete40` are 20DC and 40HC prices in
 * `moeda`; a charge without a basis has the usual one for its name on the quote's freight type (THC per
 * container on FCL, BL fee per BL, per shipment on an air or LCL quote).
 */
export function typedResult(values: TypedValues, carrier: string, tipoFrete?: string | null): DadosExtraidos {
  const legacy = (unidade: PortalFreightUnit, valor: number | null | undefined) =>
    valor == null ? [] : [{ unidade, valor, moeda: values.moeda, minimo: null, destino: null }];
  return formAnswerResult(
    {
      fretes: [
        ...legacy('20DC', values.frete20),
        ...legacy('40HC', values.frete40),
        ...values.fretes.map((row) => ({ ...row, minimo: row.minimo ?? null })),
      ],
      taxas: values.taxas.map((fee) => ({
        nome: fee.nome,
        valor: fee.valor,
        moeda: fee.moeda,
        unidade: fee.unidade ?? usualFeeUnit(fee.nome, tipoFrete),
        minimo: fee.minimo ?? null,
        destino: fee.destino,
      })),
      transitTimeDias: values.transitTimeDias ?? null,
      freeTimeDias: values.freeTimeDias ?? null,
      validade: values.validade ?? null,
      observacoes: values.observacoes ?? null,
    },
    carrier,
    'manual',
  );
}
