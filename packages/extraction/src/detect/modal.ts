import { foldKeepingOffsets } from '../normalise/text.js';
import type { FreightUnit, Modal } from '../types.js';

const KEYWORDS: Array<[RegExp, Modal, number]> = [
  [/\bfcl\b/g, 'FCL', 3],
  [/\blcl\b/g, 'LCL', 3],
  [/\b(consolidad[oa]|consolidation|consolidacion|groupage|desova)\b/g, 'LCL', 1],
  [/\b(cbm|w\/m|m3|m³)\b/g, 'LCL', 0.5],
  [
    /\b(aereo|aerea|air freight|airfreight|airline|awb|hawb|aeroporto|airport|cia aerea|voo|flight|vuelo|aerolinea|luftfracht)\b/g,
    'AEREO',
    2,
  ],
  [
    /\b(rodoviario|rodoviaria|terrestre|caminhao|camion|carreta|truckload|ftl|ltl|crt|mic\/dta|semirremolque|sider)\b/g,
    'RODOVIARIO',
    2,
  ],
  [
    /\b(conteiner|container|contenedor|cntr|20dc|40hc|40hq|20gp|20'|40'|navio|vessel|buque|armador|armadores|naviera|navieras|shipping line)\b/g,
    'FCL',
    1,
  ],
  // "Cotação 2x40HC Ningbo x Navegantes", "1 x 20'DC": a container count glued to its type (generalisation-5 t17).
  [
    /(?<![\d.,])\d{1,2}\s*x\s*(?:20|40|45)\s*(?:'|pes|ft)?\s*(?:dc|dv|gp|hc|hq|rf|nor|ot|fr|st|std)?(?![\p{L}\d]|\s*(?:cm|mm|m\b|in\b|x\s*\d|[.,]\d))/gu,
    'FCL',
    1,
  ],
];

function unitModal(unit: FreightUnit): Modal {
  switch (unit) {
    case 'KG':
      return 'AEREO';
    case 'WM':
    case 'M3':
    case 'TON':
      return 'LCL';
    case 'VIAGEM':
      return 'RODOVIARIO';
    case 'BL':
      return 'FCL';
    default:
      return 'FCL';
  }
}

/** Transport mode from the freight units found (strong) and mode words in the text (weaker). */
export function detectModal(
  text: string,
  freightUnits: FreightUnit[],
  stated: Modal | null,
): { modal: Modal | null; confidence: number } {
  const scores: Record<Modal, number> = { FCL: 0, LCL: 0, AEREO: 0, RODOVIARIO: 0 };
  const folded = foldKeepingOffsets(text);
  for (const [pattern, modal, weight] of KEYWORDS) {
    scores[modal] += Math.min(6, (folded.match(pattern) ?? []).length * weight);
  }
  for (const unit of freightUnits) if (unit !== 'BL') scores[unitModal(unit)] += 5;
  if (stated !== null) scores[stated] += 8;
  const ranked = (Object.entries(scores) as Array<[Modal, number]>).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (first === undefined || first[1] === 0) return { modal: null, confidence: 0 };
  const margin = (first[1] - (second?.[1] ?? 0)) / first[1];
  return { modal: first[0], confidence: Math.round(Math.min(0.95, 0.55 + margin * 0.4) * 100) / 100 };
}
