import type { CnpjLookupReceita } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';

const FOUND_CACHE_MS = 24 * 3_600_000;
const NOT_FOUND_CACHE_MS = 3_600_000;
const MAX_CACHED = 5_000;

type Cached = { value: CnpjLookupReceita | null; expiresAt: number };

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

function formatCep(cep: string): string {
  const digits = cep.replace(/\D/g, '');
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : cep;
}

/** Street (with its type), number, complement, district, city, state and CEP, joined (spec 000 §3). */
export function joinAddress(body: Record<string, unknown>): string {
  const type = text(body.descricao_tipo_de_logradouro);
  const street = text(body.logradouro);
  const fullStreet =
    type && street && !street.toUpperCase().startsWith(type.toUpperCase()) ? `${type} ${street}` : street;
  const cep = text(body.cep);
  return [
    fullStreet,
    text(body.numero),
    text(body.complemento),
    text(body.bairro),
    text(body.municipio) || text(body.cidade),
    text(body.uf) || text(body.estado),
    cep ? formatCep(cep) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The fields the product reads from a BrasilAPI-compatible answer; the decoder is lenient (spec 000 §7). */
export function mapCnpjBody(body: Record<string, unknown>, requested: string): CnpjLookupReceita {
  return {
    source: 'receita',
    razao_social: text(body.razao_social) || text(body.nome_empresarial) || text(body.nome),
    nome_fantasia: text(body.nome_fantasia),
    cnpj:
      text(body.cnpj)
        .toUpperCase()
        .replace(/[^0-9A-Z]/g, '') || requested,
    cep: text(body.cep).replace(/\D/g, ''),
    uf: text(body.uf) || text(body.estado),
    municipio: text(body.municipio) || text(body.cidade),
    bairro: text(body.bairro),
    logradouro: text(body.logradouro),
    numero: text(body.numero),
    complemento: text(body.complemento),
    endereco: joinAddress(body),
  };
}

/**
 * Company data by CNPJ from a BrasilAPI-compatible service (`CNPJ_API_URL`): unmasked upper-case number,
 * timeout, answers cached 24 h (not-found 1 h); failures answer 'Falha ao consultar CNPJ' (R2, S14).
 */
export class CnpjService {
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<CnpjLookupReceita | null>>();

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** The company of a valid, normalised CNPJ; CNPJ_NOT_FOUND or CNPJ_LOOKUP_FAILED otherwise. */
  async lookup(cnpj: string): Promise<CnpjLookupReceita> {
    const cached = this.cache.get(cnpj);
    let value: CnpjLookupReceita | null;
    if (cached && cached.expiresAt > Date.now()) {
      value = cached.value;
    } else {
      let pending = this.inFlight.get(cnpj);
      if (!pending) {
        pending = this.fetchCompany(cnpj).finally(() => this.inFlight.delete(cnpj));
        this.inFlight.set(cnpj, pending);
      }
      value = await pending;
    }
    if (!value) throw new AppError('CNPJ_NOT_FOUND');
    return value;
  }

  /**
   * The registry's answer for a CNPJ when this process has it (a look-up made moments before, as the
   * onboarding does), without calling the service: creating a company never waits on it.
   */
  confirmed(cnpj: string): CnpjLookupReceita | null {
    const cached = this.cache.get(cnpj);
    return cached && cached.expiresAt > Date.now() ? cached.value : null;
  }

  private remember(cnpj: string, value: CnpjLookupReceita | null): void {
    if (this.cache.size >= MAX_CACHED) {
      const now = Date.now();
      for (const [key, entry] of this.cache) if (entry.expiresAt <= now) this.cache.delete(key);
      // Still full: drop the oldest entries (a Map keeps insertion order).
      for (const key of this.cache.keys()) {
        if (this.cache.size < MAX_CACHED) break;
        this.cache.delete(key);
      }
    }
    this.cache.set(cnpj, {
      value,
      expiresAt: Date.now() + (value ? FOUND_CACHE_MS : NOT_FOUND_CACHE_MS),
    });
  }

  private async fetchCompany(cnpj: string): Promise<CnpjLookupReceita | null> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(cnpj)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'CNPJ service unreachable or too slow');
      throw new AppError('CNPJ_LOOKUP_FAILED', undefined, undefined, 503).withCause(error);
    }
    // BrasilAPI answers 404 for a valid number without a company and 400 for one it considers invalid.
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      this.remember(cnpj, null);
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      this.logger.warn({ status: response.status }, 'CNPJ service failed');
      throw new AppError('CNPJ_LOOKUP_FAILED', undefined, undefined, 502);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      this.logger.warn({ err: error }, 'CNPJ service sent an unreadable answer');
      throw new AppError('CNPJ_LOOKUP_FAILED', undefined, undefined, 502).withCause(error);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('CNPJ_LOOKUP_FAILED', undefined, undefined, 502);
    }
    const value = mapCnpjBody(body as Record<string, unknown>, cnpj);
    if (!value.razao_social && !value.nome_fantasia) {
      this.logger.warn('CNPJ service answered without a company name');
      throw new AppError('CNPJ_LOOKUP_FAILED', undefined, undefined, 502);
    }
    this.remember(cnpj, value);
    return value;
  }
}
