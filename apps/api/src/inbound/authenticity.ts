import { Resolver } from 'node:dns/promises';
import os from 'node:os';
import { authenticate } from 'mailauth';
import type { Headers } from 'mailparser';
import type { InboundEntrada, SenderAuthentication } from '../db/schema/index.js';

/**
 * Who really sent a message (issue 29 item 8, ADR 0023). The SMTP listener checks DKIM, SPF and DMARC
 * itself with `mailauth` when a message arrives; for a mailbox read over IMAP (and webhooks) the check was
 * made by the receiving server, whose `Authentication-Results` header is read when its authserv-id is one
 * the deployment trusts. Every name lookup goes through an injected resolver: tests serve records from a
 * table, and the embedded default answers offline (no lookups, verdict unknown).
 */

/** `dns.promises.resolve`'s shape, which `mailauth` calls. */
export type DnsResolver = (name: string, rrtype: string) => Promise<string[][] | string[]>;

/** A resolver with no network: every lookup fails as a temporary error, so the verdict is unknown (null). */
export const offlineResolver: DnsResolver = async (name) => {
  throw Object.assign(new Error(`DNS lookups are off (INBOUND_DNS=offline): ${name}`), { code: 'EOFFLINE' });
};

/** The system's DNS with a per-query timeout and one retry. */
export function systemResolver(timeoutMs: number): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
}

/**
 * Records served from a table (tests, and a deployment that pins records): `TXT` values are lists of
 * strings, like the system resolver's; a name or type that is not there does not exist (ENOTFOUND).
 */
export function staticResolver(records: Record<string, Record<string, string[][] | string[]>>): DnsResolver {
  return async (name, rrtype) => {
    const found = records[name.toLowerCase()]?.[rrtype.toUpperCase()];
    if (found) return found;
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

/** The whole check of one message has this long; a slower DNS leaves the verdict unknown. */
const CHECK_TIMEOUT_MS = 15_000;

function domainOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const at = address.lastIndexOf('@');
  return at < 0 ? null : address.slice(at + 1).toLowerCase() || null;
}

/** Relaxed alignment (DMARC): one domain is the other or a subdomain of it. */
export function isAligned(domain: string | null, fromDomain: string | null): boolean {
  if (!domain || !fromDomain) return false;
  const a = domain.toLowerCase();
  const b = fromDomain.toLowerCase();
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

const TEMPORARY = new Set(['temperror', 'temperr']);

/**
 * The verdict: DMARC decides when it passed or failed; without it, an aligned DKIM signature or an aligned
 * SPF pass vouches for the From domain; a temporary failure with nothing passing leaves it unknown (null);
 * anything else (no signature, SPF none or fail) is not verified.
 */
export function verdictOf(
  result: Pick<SenderAuthentication, 'dkim' | 'dkimDominio' | 'spf' | 'dmarc' | 'dominioRemetente'> & {
    spfDominio?: string | null;
  },
): boolean | null {
  if (result.dmarc === 'pass') return true;
  if (result.dmarc === 'fail') return false;
  if (result.dkim === 'pass' && isAligned(result.dkimDominio, result.dominioRemetente)) return true;
  if (result.spf === 'pass' && isAligned(result.spfDominio ?? null, result.dominioRemetente)) return true;
  if ([result.dkim, result.spf, result.dmarc].some((value) => value !== null && TEMPORARY.has(value)))
    return null;
  return false;
}

export type SmtpSession = NonNullable<InboundEntrada['smtp']>;

/**
 * The SMTP listener's check of a message as it arrives: DKIM signatures (keys looked up with `resolver`),
 * SPF of the MAIL FROM domain for the client's address, and DMARC of the From domain. Never throws: a
 * failure of the check itself is kept as an unknown verdict with its reason.
 */
export async function verifySmtpSender(
  raw: Buffer,
  session: SmtpSession,
  resolver: DnsResolver,
): Promise<SenderAuthentication> {
  const mta = os.hostname();
  let timer: NodeJS.Timeout | undefined;
  try {
    const check = authenticate(raw, {
      ip: session.remoteAddress?.replace(/^::ffff:/, ''),
      helo: session.helo,
      sender: session.mailFrom,
      mta,
      resolver,
      disableArc: true,
      disableBimi: true,
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('sender check timed out')), CHECK_TIMEOUT_MS);
    });
    const result = await Promise.race([check, timeout]);
    clearTimeout(timer);
    const dominioRemetente = domainOf(result.dkim.headerFrom?.[0]);
    const signatures = result.dkim.results ?? [];
    const passed =
      signatures.find((row) => row.status.result === 'pass' && row.status.aligned) ??
      signatures.find((row) => row.status.result === 'pass');
    const dkim = passed ? 'pass' : (signatures[0]?.status.result ?? 'none');
    const spf = result.spf ? result.spf.status.result : null;
    const dmarc = result.dmarc ? result.dmarc.status.result : null;
    const summary = {
      metodo: 'mailauth' as const,
      servidor: mta,
      dominioRemetente,
      dkim,
      dkimDominio: passed?.signingDomain ?? null,
      spf,
      dmarc,
    };
    const spfDominio = result.spf && 'domain' in result.spf ? (result.spf.domain as string) : null;
    return { ...summary, verificado: verdictOf({ ...summary, spfDominio }) };
  } catch (error) {
    clearTimeout(timer);
    return {
      metodo: 'mailauth',
      servidor: mta,
      dominioRemetente: null,
      dkim: null,
      dkimDominio: null,
      spf: null,
      dmarc: null,
      verificado: null,
      erro: error instanceof Error ? error.message.slice(0, 200) : 'sender check failed',
    };
  }
}

/** Removes RFC 5322 comments (nested parentheses, quoted pairs) in one pass: no backtracking. */
function stripComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && (depth > 0 || quoted)) {
      i++;
      continue;
    }
    if (depth === 0 && char === '"') quoted = !quoted;
    if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')' && depth > 0) depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

/** Headers longer than this are not read (a receiving server writes a few hundred bytes). */
const MAX_HEADER_LENGTH = 16 * 1024;

/**
 * One `Authentication-Results` header (RFC 8601) if its authserv-id is in `trusted`: the results of
 * `dkim`, `spf` and `dmarc`, with the domains they were for. Null for another server's header.
 */
export function parseAuthenticationResults(
  value: string,
  trusted: readonly string[],
  fromDomain: string | null = null,
): SenderAuthentication | null {
  if (value.length > MAX_HEADER_LENGTH) return null;
  const [head = '', ...resinfos] = stripComments(value).split(';');
  const servidor = head.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!servidor || !trusted.includes(servidor)) return null;
  const found: Record<string, { result: string; props: Record<string, string> }> = {};
  for (const resinfo of resinfos) {
    const words = resinfo.trim().split(/\s+/);
    const [method, result] = (words[0] ?? '').toLowerCase().split('=');
    if (!method || !result || found[method]) continue;
    const props: Record<string, string> = {};
    for (const word of words.slice(1)) {
      const eq = word.indexOf('=');
      if (eq > 0) props[word.slice(0, eq).toLowerCase()] = word.slice(eq + 1).replace(/^"|"$/g, '');
    }
    found[method] = { result, props };
  }
  const fromProp = found.dmarc?.props['header.from'] ?? null;
  const dkimProps = found.dkim?.props ?? {};
  const dkimDominio =
    (dkimProps['header.d'] ?? domainOf(dkimProps['header.i']) ?? null)?.toLowerCase() ?? null;
  const spfProps = found.spf?.props ?? {};
  const spfDominio = domainOf(spfProps['smtp.mailfrom']) ?? spfProps['smtp.mailfrom']?.toLowerCase() ?? null;
  const summary = {
    metodo: 'authentication-results' as const,
    servidor,
    dominioRemetente: fromProp?.toLowerCase() ?? fromDomain,
    dkim: found.dkim?.result ?? null,
    dkimDominio,
    spf: found.spf?.result ?? null,
    dmarc: found.dmarc?.result ?? null,
  };
  return { ...summary, verificado: verdictOf({ ...summary, spfDominio }) };
}

/**
 * The sender check of a stored message when it is processed: the one the source made when it received it
 * (SMTP listener), else the topmost `Authentication-Results` of a trusted server (the one the last hop
 * wrote; an earlier one may be forged by the sender), with the From domain of the message when the header
 * does not name it. Null when neither exists.
 */
export function senderAuthenticationOf(
  stored: SenderAuthentication | undefined,
  headers: Headers,
  fromAddress: string | null,
  trusted: readonly string[],
): SenderAuthentication | null {
  if (stored) return stored;
  if (trusted.length === 0) return null;
  const value = headers.get('authentication-results');
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const parsed = parseAuthenticationResults(item, trusted, domainOf(fromAddress));
    if (parsed) return parsed;
  }
  return null;
}
