import type { Line } from '../blocks/lines.js';
import {
  COMPANY_WORDS,
  DEPARTMENT_WORDS,
  DOCUMENT_TITLE_WORDS,
  LEGAL_SUFFIXES,
} from '../dictionary/companies.js';
import { normaliseLabel, phraseRegExp, tidyCapitals } from '../normalise/text.js';
import { evidenceFrom, type Found } from './field-types.js';

const COMPANY = phraseRegExp(COMPANY_WORDS, 'u');
const DEPARTMENT = phraseRegExp(DEPARTMENT_WORDS, 'u');
const TITLE = phraseRegExp(DOCUMENT_TITLE_WORDS, 'u');
const LEGAL_SUFFIX_AT_END = new RegExp(
  `(?:[\\s,]+(?:${[...LEGAL_SUFFIXES]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/ /g, '[\\s.]*'))
    .join('|')})\\.?)+\\s*$`,
  'iu',
);
const ADDRESS =
  /@|www\.|https?:|\+\d|\b(tel|fone|phone|fax|cel|mobile|whatsapp|wechat|add|address|endereco|rua|av|avenida|calle|c\/|ruta|road|rd|street|st|unit|office|room|suite|andar|sala|floor|cnpj|cep|zip|km|gebaude|cargo city)\b/i;

const OTHER_PARTY =
  /^(cliente|customer|client|consignee|consignatario|importador|importer|shipper|embarcador|exportador|attn|a\/c|para|to|de|from)\s*:/i;

export interface CompanyContext {
  fromName: string | null;
  fromDomain: string | null;
}

/** Company name without legal form and trailing place ("Harbor Bridge International Logistics Co., Ltd." -> "... Logistics"). */
export function cleanCompanyName(text: string): string {
  let name = text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let i = 0; i < 3; i++) name = name.replace(LEGAL_SUFFIX_AT_END, '').trim();
  return tidyCapitals(name.replace(/[\s,.;:–—-]+$/, ''));
}

function domainStem(domain: string | null): string | null {
  if (domain === null) return null;
  const parts = domain.split('.');
  const generic = new Set([
    'com',
    'br',
    'net',
    'org',
    'co',
    'cn',
    'in',
    'de',
    'es',
    'ar',
    'mx',
    'uk',
    'us',
    'it',
    'hk',
  ]);
  const stem = parts.find(
    (p) => !generic.has(p) && !['mail', 'email', 'gmail', 'hotmail', 'outlook'].includes(p),
  );
  return stem === undefined ? null : stem.replace(/-/g, '');
}

function matchesDomain(name: string, stem: string | null): boolean {
  if (stem === null || stem.length < 4) return false;
  const compact = normaliseLabel(name).replace(/ /g, '');
  if (compact.length < 4) return false;
  const prefix = Math.min(6, compact.length, stem.length);
  return (
    compact.slice(0, prefix) === stem.slice(0, prefix) ||
    stem.includes(compact.slice(0, Math.min(8, compact.length)))
  );
}

function isPersonName(text: string, fromName: string | null): boolean {
  if (fromName === null) return false;
  const words = normaliseLabel(text).split(' ');
  const from = new Set(normaliseLabel(fromName).split(' '));
  return words.length <= 4 && words.every((w) => from.has(w));
}

function scoreSegment(segment: string, ctx: CompanyContext): number {
  const label = normaliseLabel(segment);
  // Words are counted without the legal form: "Transportes y Logística del Pacífico, S.A. de C.V." is a
  // five-word name (generalisation-5 t11).
  const words = normaliseLabel(segment.replace(LEGAL_SUFFIX_AT_END, '')).split(' ').length;
  if (label.length < 3 || ADDRESS.test(segment) || /\d{3,}/.test(segment) || words > 8) return -10;
  if (isPersonName(segment, ctx.fromName)) return -10;
  let score = 0;
  const legal = LEGAL_SUFFIX_AT_END.test(segment);
  if (legal) score += 4;
  if (COMPANY.test(label)) score += 3;
  if (matchesDomain(segment, domainStem(ctx.fromDomain))) score += 3;
  // A name closed by its legal form may hold department or title words: "Qingdao Ocean Star International
  // Freight Forwarding Co.,Ltd" is a company, not the ocean department (generalisation-4 t08).
  if (DEPARTMENT.test(label) && !legal) score -= 3;
  if (TITLE.test(label) && !legal) score -= 2;
  if (/^[\p{Ll}]/u.test(segment)) score -= 2;
  return score;
}

function splitSegments(text: string): string[] {
  return text
    .split(/\s+\|\s+|\s[–—]\s|\s-\s|\s{2,}|\t|:\s+/)
    .map((s) => s.replace(/^[\s\-–•*·|]+|[\s|]+$/g, '').trim())
    .filter((s) => s !== '');
}

/** Best company candidate among the lines, scored by legal form, company words and the sender's domain. */
export function pickCompany(
  lines: Line[],
  ctx: CompanyContext,
  origin: string,
  method: string,
  minimumScore: number,
): Found<string> | null {
  let best: { name: string; score: number; line: Line } | null = null;
  for (const line of lines) {
    if (OTHER_PARTY.test(line.trimmed)) continue;
    for (const segment of splitSegments(line.trimmed)) {
      const score = scoreSegment(segment, ctx);
      if (score >= minimumScore && (best === null || score > best.score))
        best = { name: segment, score, line };
    }
  }
  if (best === null) return null;
  const name = cleanCompanyName(best.name);
  if (name.length < 2) return null;
  const confidence = Math.min(0.95, 0.5 + best.score * 0.05);
  return { value: name, evidence: evidenceFrom(best.line, origin, method, confidence) };
}
