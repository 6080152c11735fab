import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix } from '../src/modules/access-matrix.js';
import { caller, companyWithSupervisor, signUp, validCnpj } from './factories/index.js';
import { type FakeCnpjServer, startFakeCnpjServer } from './fakes/cnpj-server.js';
import { createTestApp, type TestContext } from './helpers.js';

/**
 * Issue 18 (S8, R3): every route of the access matrix, called by a desenvolvedor (through the visão) and
 * by a supervisor, with NUL characters, lone UTF-16 surrogates and invalid UTF-8 in every text it takes
 * (path, query, JSON body: one field at a time, from a body built out of the route's own OpenAPI schema),
 * overflowing numbers, and broken multipart bodies. No answer may be a 5xx, and the requests with bad
 * text or a broken body must change nothing (no audit row, no outgoing mail).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
  $ref?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Variant = {
  label: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Bad text or a broken body: must answer 4xx and write nothing. */
  mustRefuse: boolean;
};

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const BAD_TEXT = [
  ['NUL', NUL],
  ['surrogate', SURROGATE],
] as const;
const HUGE_NUMBERS = [2_147_483_648, 1e16, 1e300];
const HUGE_QUERY_NUMBERS = ['2147483648', '99999999999999999999', '1e400', '-2147483649'];

let ctx: TestContext;
let fake: FakeCnpjServer;
let openapi: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
let callers: { role: string; token: string; userId: string }[];
let ids: Record<string, string>;
let cnpj: string;
let sequence = 0;

function resolve(schema: JsonSchema): JsonSchema {
  if (schema.$ref) return resolve(openapi.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {});
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return resolve(alternatives.find((s) => s.type !== 'null' && !('not' in s)) ?? alternatives[0]!);
  }
  if (schema.allOf?.length) return resolve(schema.allOf[0]!);
  return schema;
}

/** A plausible value for `schema`, so that one bad field at a time gets as far as the route allows. */
function sample(schema: JsonSchema, name: string): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([key, value]) => [key, sample(value, key)]),
    );
  }
  if (type === 'array') return s.items ? [sample(s.items, name)] : [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
  const lower = name.toLowerCase();
  if (s.format === 'uuid' || lower.endsWith('id') || lower === 'transportadores') return ids.carrier;
  if (s.format === 'email' || lower.includes('email')) return `fuzz${++sequence}@exemplo.com.br`;
  if (s.format === 'date-time' || lower.startsWith('prazo'))
    return new Date(Date.now() + 7 * 86_400_000).toISOString();
  if (lower === 'cnpj') return cnpj;
  if (lower === 'cor') return '#0066CC';
  if (lower === 'code') return '123456';
  if (lower.includes('password')) return 'senhaForte123';
  return `Fuzz ${++sequence}`;
}

/** Every path to a string or number leaf of a sample body. */
function leaves(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; kind: 'text' | 'number' }[] {
  if (typeof value === 'string') return [{ path, kind: 'text' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** The real record a path parameter names, so that bad text in the body reaches the service. */
function pathValue(route: string, param: string): string {
  if (param === 'cnpj') return cnpj;
  if (param === 'token') return 'x'.repeat(43);
  if (param === 'transporterId') return ids.carrier!;
  if (route.includes('/groups/')) return ids.group!;
  if (route.includes('/transporters/')) return ids.carrier!;
  if (route.includes('/quotes/')) return ids.quote!;
  if (route.includes('/join-requests/')) return ids.joinRequest!;
  if (route.includes('/pending-users/')) return ids.invite!;
  if (route.includes('/unlink-user/')) return ids.user!;
  if (route.includes('/dev/mailbox/')) return 'nao-existe';
  return ids.empresa!;
}

function variantsOf(routeKey: string): Variant[] {
  const [method, route] = routeKey.split(' ') as [string, string];
  const operation = openapi.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
  const params = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const urlWith = (overrides: Record<string, string> = {}, query = '') => {
    const path = route.replace(
      /:(\w+)/g,
      (_whole, name: string) => overrides[name] ?? encodeURIComponent(pathValue(route, name)),
    );
    return query ? `${path}?${query}` : path;
  };
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const baseQuery = new URLSearchParams();
  for (const p of queryParams) {
    const value = sample(p.schema, p.name);
    if (p.name !== 'page' && p.name !== 'limit' && typeof value !== 'object')
      baseQuery.set(p.name, String(value));
  }
  const jsonSchema = operation.requestBody?.content['application/json']?.schema;
  const body = jsonSchema ? sample(jsonSchema, 'body') : undefined;
  const variants: Variant[] = [];

  // A lone surrogate cannot travel in a URL (it is not UTF-8): paths and queries get NUL and invalid UTF-8.
  for (const name of params) {
    variants.push({
      label: `NUL in :${name}`,
      url: urlWith({ [name]: '%00' }),
      payload: body,
      mustRefuse: true,
    });
    variants.push({
      label: `invalid UTF-8 in :${name}`,
      url: urlWith({ [name]: '%ED%A0%80' }),
      payload: body,
      mustRefuse: true,
    });
  }
  for (const name of new Set(['search', ...queryParams.map((p) => p.name)])) {
    const query = new URLSearchParams(baseQuery);
    query.set(name, NUL);
    variants.push({
      label: `NUL in ?${name}`,
      url: urlWith({}, query.toString()),
      payload: body,
      mustRefuse: true,
    });
  }
  if (method === 'GET') {
    variants.push({
      label: 'invalid UTF-8 in ?search',
      url: `${urlWith()}?search=%ED%A0%80%C0%AF`,
      mustRefuse: false,
    });
  }
  for (const [label, text] of BAD_TEXT) {
    for (const leaf of leaves(body).filter((l) => l.kind === 'text')) {
      variants.push({
        label: `${label} in body.${leaf.path.join('.')}`,
        url: urlWith({}, baseQuery.toString()),
        payload: replaced(body, leaf.path, text),
        mustRefuse: true,
      });
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      variants.push({
        label: `${label} in a body key`,
        url: urlWith({}, baseQuery.toString()),
        payload: { ...body, [text]: 'x' },
        mustRefuse: true,
      });
    }
  }

  // Overflowing numbers where the route takes a number (a valid rest of the request may run, e.g. a list).
  const numericQuery = queryParams.filter((p) =>
    ['integer', 'number'].includes(String(resolve(p.schema).type)),
  );
  for (const value of HUGE_QUERY_NUMBERS) {
    for (const p of numericQuery) {
      const query = new URLSearchParams(baseQuery);
      query.set(p.name, value);
      variants.push({
        label: `${p.name}=${value}`,
        url: urlWith({}, query.toString()),
        payload: body,
        mustRefuse: false,
      });
    }
  }
  for (const leaf of leaves(body).filter((l) => l.kind === 'number')) {
    for (const value of HUGE_NUMBERS) {
      variants.push({
        label: `body.${leaf.path.join('.')}=${value}`,
        url: urlWith({}, baseQuery.toString()),
        payload: replaced(body, leaf.path, value),
        mustRefuse: false,
      });
    }
  }

  if (method !== 'GET') {
    const boundary = '----fuzzboundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="nomeSolicitante"\r\n\r\nFuzz\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pedido.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const broken: [string, string, string][] = [
      ['truncated multipart', part, `multipart/form-data; boundary=${boundary}`],
      ['multipart without closing boundary', `${part}%%EOF\r\n`, `multipart/form-data; boundary=${boundary}`],
      [
        'multipart with a broken part header',
        `--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      ['multipart without a boundary', part, 'multipart/form-data'],
      ['multipart with another boundary', part, 'multipart/form-data; boundary=outra'],
      [
        'multipart with a NUL field',
        `--${boundary}\r\nContent-Disposition: form-data; name="nomeSolicitante"\r\n\r\n${NUL}\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      [
        'multipart with a NUL file name',
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${'\u0000'}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      ['malformed JSON', '{"nome": "x"', 'application/json'],
      ['JSON with a NUL escape', JSON.stringify({ nome: NUL, search: NUL }), 'application/json'],
    ];
    for (const [label, payload, type] of broken) {
      variants.push({
        label,
        url: urlWith({}, baseQuery.toString()),
        payload,
        headers: { 'content-type': type },
        mustRefuse: true,
      });
    }
  }
  return variants;
}

async function counts(): Promise<string> {
  const db = ctx.app.services.database.db;
  const result = await db.execute(
    sql`select (select count(*) from audit_log) as audits, (select count(*) from mail_outbox) as mails`,
  );
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return JSON.stringify(rows[0]);
}

beforeAll(async () => {
  fake = await startFakeCnpjServer();
  ctx = await createTestApp({ ADMIN_EMAILS: 'dev@fuzz.com.br', CNPJ_API_URL: fake.url });
  const call = caller(ctx);
  cnpj = validCnpj(777_777);
  const { supervisor, empresaId } = await companyWithSupervisor(ctx, 'sup@fuzz.com.br', 'Fuzz', cnpj);
  const developer = await signUp(ctx, 'dev@fuzz.com.br', 'Dev Fuzz');
  await call('POST', `/api/empresas/set-visao/${empresaId}`, developer.token);
  const carrier = (
    await call('POST', '/api/transporters', supervisor.token, {
      nome: 'Agente Fuzz',
      email: 'agente@fuzz.com.br',
    })
  ).json();
  const group = (await call('POST', '/api/groups', supervisor.token, { nome: 'Grupo Fuzz' })).json();
  const quote = await call('POST', '/api/quotes', supervisor.token, {
    nomeSolicitante: 'Fuzz',
    referenciaProcesso: 'FUZZ-1',
    tipoFrete: 'FCL',
    origem: 'Shanghai',
    destino: 'Santos',
    destinatarios: { transportadores: [carrier.id], grupos: [] },
  });
  const requester = await signUp(ctx, 'pede@fuzz.com.br');
  const joinRequest = (
    await call('POST', `/api/empresas/join/${empresaId}`, requester.token, { cnpj })
  ).json();
  const invite = (
    await call('POST', '/api/empresas/pending-users', supervisor.token, {
      email: 'convite@fuzz.com.br',
      empresaId,
    })
  ).json();
  const analyst = await signUp(ctx, 'analista@fuzz.com.br');
  await call('POST', '/api/empresas/assign-user', supervisor.token, {
    userEmail: analyst.email,
    empresaId,
    role: 'analista',
  });
  ids = {
    empresa: empresaId,
    carrier: carrier.id,
    group: group.id,
    quote: quote.json().id,
    joinRequest: joinRequest.id,
    invite: invite.id ?? invite.convite?.id ?? empresaId,
    user: analyst.id,
  };
  for (const [name, value] of Object.entries(ids)) expect(value, name).toMatch(/^[0-9a-f-]{36}$/);
  callers = [
    { role: 'desenvolvedor', token: developer.token, userId: developer.id },
    { role: 'supervisor', token: supervisor.token, userId: supervisor.id },
  ];
  openapi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('route fuzz (issue 18)', () => {
  it('answers every route × caller × bad input without a 5xx, and refuses bad text and broken bodies changing nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const routeKey of Object.keys(accessMatrix)) {
      const method = routeKey.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      for (const variant of variantsOf(routeKey)) {
        for (const who of callers) {
          // Signing out ends the session it is called with: that route gets a session of its own.
          const token =
            routeKey === 'POST /api/auth/logout'
              ? (await ctx.app.services.sessions.create(ctx.app.services.database.db, who.userId, {})).token
              : who.token;
          const before = variant.mustRefuse ? await counts() : '';
          const response = await ctx.app.inject({
            method,
            url: variant.url,
            payload: variant.payload as string | object | undefined,
            headers: { authorization: `Bearer ${token}`, ...variant.headers },
          });
          sent++;
          const label = `${routeKey} as ${who.role}, ${variant.label}`;
          // The one 5xx by design: sign-in (or a mailbox connection, issue 34) with a provider this server
          // has no credentials for.
          const unconfigured =
            response.statusCode === 503 &&
            ['OAUTH_NOT_CONFIGURED', 'MAILBOX_NOT_CONFIGURED'].includes(response.json().code);
          if (response.statusCode >= 500 && !unconfigured) {
            failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            continue;
          }
          if (!variant.mustRefuse) continue;
          if (response.statusCode < 400) failures.push(`${label}: accepted with ${response.statusCode}`);
          else if (!/^application\/problem\+json/.test(String(response.headers['content-type'])))
            failures.push(`${label}: ${response.statusCode} without a problem+json body`);
          if ((await counts()) !== before) failures.push(`${label}: changed the database`);
        }
      }
    }
    expect(failures.join('\n')).toBe('');
    expect(sent).toBeGreaterThan(Object.keys(accessMatrix).length * 10);
  }, 180_000);

  it('names the field and says what is wrong in pt-BR', async () => {
    const [developer] = callers;
    const headers = { authorization: `Bearer ${developer!.token}` };
    const nul = await ctx.app.inject({ method: 'POST', url: '/api/groups', headers, payload: { nome: NUL } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'O texto contém um caractere nulo (\\0), que não é aceito. Remova-o e tente novamente.',
      errors: [{ path: 'nome' }],
    });
    const surrogate = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${ids.quote}`,
      headers,
      payload: { referenciaProcesso: SURROGATE },
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().errors).toEqual([
      {
        path: 'referenciaProcesso',
        message: 'O texto contém um caractere Unicode incompleto. Digite o texto novamente.',
      },
    ]);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/quotes?page=2147483648', headers });
    expect(page.statusCode).toBe(400);
    expect(page.json().errors).toEqual([
      { path: 'page', message: 'A página deve ser um número de 1 a 1000000.' },
    ]);
  });
});
