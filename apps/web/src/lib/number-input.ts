/*
 * Numbers typed into the product's forms (corrections, fee lines, 'Registrar resposta → Valores', the carrier
 * portal), read the Brazilian way and the ways a foreign forwarder types them.
 */

const CURRENCY_MARKS = /^(R\$|US\$|U\$|\$|€|BRL|USD|EUR)\s*|\s*(BRL|USD|EUR)$/i;

/**
 * A number typed the Brazilian way: '1.250,00' → 1250, '1250,5' → 1250.5, '1.250' → 1250 (dots in groups
 * of three are thousands); '1250.50' is read as a decimal point, as pasted from a spreadsheet. A currency
 * mark around it is ignored. null when it is not a number.
 */
export function parsePtBrNumber(text: string): number | null {
  const cleaned = text.trim().replace(CURRENCY_MARKS, '').replace(/\s/g, '');
  if (!cleaned) return null;
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(cleaned) || /^\d+(,\d+)?$/.test(cleaned)) {
    normalised = cleaned.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned)) {
    normalised = cleaned.replace(/,/g, '');
  } else if (/^\d+\.\d+$/.test(cleaned)) {
    normalised = cleaned;
  } else {
    return null;
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/**
 * An amount of money typed in a form: as `parsePtBrNumber`, and "1,800" or "12,500,000" (commas in groups
 * of three, no decimals) are thousands, as a forwarder writing English means them: no freight or fee is
 * quoted with three decimal places (the QA pass: "2.500" was saved as 2,50 and "1,800" as 1,80).
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.trim().replace(CURRENCY_MARKS, '').replace(/\s/g, '');
  if (/^\d{1,3}(,\d{3})+$/.test(cleaned)) return Number(cleaned.replace(/,/g, ''));
  return parsePtBrNumber(text);
}
