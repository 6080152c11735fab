import type { Language } from '../types.js';

const WORDS: Record<Language, readonly string[]> = {
  pt: [
    'não', 'nao', 'segue', 'seguem', 'com', 'em', 'no', 'na', 'os', 'um', 'uma', 'são', 'dias', 'validade', 'cotação',
    'cotacao', 'você', 'até', 'também', 'conforme', 'pagamento', 'contêiner', 'atenciosamente', 'obrigado', 'obrigada',
    'abraço', 'prezado', 'prezada', 'olá', 'taxas', 'frete', 'fico', 'disposição', 'tudo', 'bem', 'valores', 'câmbio',
    'mesmo', 'qualquer', 'dúvida', 'proposta', 'mercadoria', 'favor', 'abs', 'att', 'marítimo', 'aéreo', 'nosso', 'nossa',
    'ao', 'do', 'da', 'dos', 'das', 'pelo', 'pela', 'bom', 'dia', 'tarde', 'sobre', 'embarque', 'armazenagem', 'destino',
    'origem', 'despesas', 'pagas', 'pago', 'antecipado', 'mais', 'isso', 'esse', 'essa', 'temos', 'opções', 'já', 'está',
  ],
  en: [
    'the', 'and', 'of', 'to', 'for', 'with', 'please', 'our', 'your', 'we', 'is', 'are', 'be', 'will', 'at', 'by', 'from',
    'this', 'rates', 'freight', 'days', 'validity', 'valid', 'charges', 'regards', 'thanks', 'dear', 'best', 'kind', 'below',
    'find', 'shipment', 'any', 'questions', 'feel', 'contact', 'in', 'on', 'all', 'included', 'payment', 'quote',
    'subject', 'terms', 'until', 'after', 'before', 'origin', 'destination', 'charge', 'fee', 'rate', 'thank', 'you',
  ],
  es: [
    'el', 'los', 'las', 'del', 'y', 'con', 'es', 'son', 'flete', 'días', 'validez', 'saludos', 'estimado', 'estimada',
    'nuestra', 'nuestro', 'puerto', 'contenedor', 'naviera', 'gastos', 'pago', 'tiempo', 'hasta', 'mejor', 'adjuntamos',
    'cotizamos', 'servicio', 'cordiales', 'saludo', 'buenos', 'le', 'les', 'lo', 'al', 'su', 'sus', 'tránsito', 'forma',
    'oferta', 'acuerdo', 'solicitado', 'cotización', 'camión', 'emisión', 'según', 'gracias', 'usted', 'ustedes',
  ],
};

const LOOKUP = new Map<string, Language[]>();
for (const [language, words] of Object.entries(WORDS) as Array<[Language, readonly string[]]>) {
  for (const word of words) LOOKUP.set(word, [...(LOOKUP.get(word) ?? []), language]);
}

/** Language of the reply from distinctive function words and letters. */
export function detectLanguage(text: string): { language: Language; confidence: number } {
  const scores: Record<Language, number> = { pt: 0, en: 0, es: 0 };
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (const word of words.slice(0, 4000)) {
    const languages = LOOKUP.get(word);
    if (languages === undefined) continue;
    for (const language of languages) scores[language] += 1 / languages.length;
  }
  scores.pt += Math.min(10, (text.match(/[ãõç]/gi) ?? []).length * 0.5);
  scores.es += Math.min(10, (text.match(/[ñ¿¡]|ción\b|ción\b/gi) ?? []).length * 1);
  const ranked = (Object.entries(scores) as Array<[Language, number]>).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (first === undefined || first[1] === 0) return { language: 'pt', confidence: 0.2 };
  const margin = (first[1] - (second?.[1] ?? 0)) / first[1];
  return { language: first[0], confidence: Math.round(Math.min(0.95, 0.5 + margin / 2) * 100) / 100 };
}
