import { decisionEmailMessages } from '../messages/decision-email.js';

/**
 * A freight line's type as people read it: a container type as written ("40HC"), any other unit by its name
 * ("por kg", "por W/M"; "per kg" in English), so "Frete KG" reads "Frete por kg" on the screen, in the
 * documents and in the e-mails (QA pass 13).
 */
export function freightTypeName(tipo: string, language: 'pt' | 'en' = 'pt'): string {
  const units: Record<string, string> = decisionEmailMessages[language].agreed.freightUnits;
  return units[tipo.toUpperCase()] ?? tipo;
}
