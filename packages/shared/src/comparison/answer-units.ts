import { PORTAL_FREIGHT_UNITS, type PortalFreightUnit } from '../schemas/portal.js';
import { askedDestinations, type QuoteAsked } from './asked.js';
import { containerType } from './containers.js';

/**
 * The freight units a form for an answer to this quote offers first (the carrier's portal page, the
 * analyst's 'Registrar resposta → Valores'): the container types it asks, else W/M for LCL (quoted per W/M
 * far more than per m³ alone; QA pass 17), per kg for air, 20DC and 40HC otherwise.
 */
export function suggestedFreightUnits(
  asked: Pick<QuoteAsked, 'tipoFrete' | 'conteineres'>,
): PortalFreightUnit[] {
  const units = asked.conteineres.flatMap((ask): PortalFreightUnit[] => {
    const type = containerType(ask.tipo);
    if (!type) return [];
    const label = `${type.size}${type.kind ?? 'DC'}`;
    return (PORTAL_FREIGHT_UNITS as readonly string[]).includes(label) ? [label as PortalFreightUnit] : [];
  });
  if (units.length > 0) return [...new Set(units)];
  const modal = (asked.tipoFrete ?? '').toUpperCase();
  if (modal === 'LCL') return ['WM'];
  if (modal.startsWith('A')) return ['KG'];
  return ['20DC', '40HC'];
}

/** The ports an answer prices apart: the quote's, when it names more than one (else none to choose). */
export function pricedApartPorts(destino: string | null | undefined): string[] {
  const names = askedDestinations(destino);
  return names.length > 1 ? names : [];
}
