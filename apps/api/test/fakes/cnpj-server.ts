import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixturePath = path.resolve(import.meta.dirname, '../fixtures/external/brasilapi_cnpj.json');

type Fixture = {
  success: Record<string, { status: number; body: Record<string, unknown> }>;
  errors: Record<
    string,
    { status: number; body?: Record<string, unknown>; body_shape?: Record<string, unknown> }
  >;
};

export function brasilApiFixture(): Fixture {
  return JSON.parse(fs.readFileSync(fixturePath, 'utf8'));
}

/** A company the fake knows under an alphanumeric CNPJ (BrasilAPI already accepts them; contract §1b). */
export const ALPHANUMERIC_CNPJ = '12ABC34501DE35';

export type FakeCnpjServer = {
  url: string;
  /** Paths requested, e.g. `/api/cnpj/v1/19131243000197`. */
  requests: string[];
  /** ok: answer from the fixture; error: 500; hang: never answer; garbage: 200 with a non-JSON body. */
  mode: 'ok' | 'error' | 'hang' | 'garbage';
  close(): Promise<void>;
};

/**
 * A local BrasilAPI-compatible CNPJ service built from the contract fixture: the success bodies by CNPJ,
 * 404 `NotFoundError` for a valid number it does not know, 400 `BadRequestError` for an invalid one.
 */
export async function startFakeCnpjServer(): Promise<FakeCnpjServer> {
  const fixture = brasilApiFixture();
  const companies = new Map<string, Record<string, unknown>>();
  // The OpenAPI example and the SERPRO branch; the minha-receita sample repeats the first CNPJ.
  for (const key of [
    'brasilapi_openapi_example_19131243000197',
    'minhareceita_docs_33683111000280_filial_serpro',
  ]) {
    const body = fixture.success[key]!.body;
    companies.set(String(body.cnpj), body);
  }
  const base = fixture.success.brasilapi_openapi_example_19131243000197!.body;
  companies.set(ALPHANUMERIC_CNPJ, {
    ...base,
    cnpj: ALPHANUMERIC_CNPJ,
    razao_social: 'IMPORTADORA ALFANUMERICA LTDA',
    nome_fantasia: '',
  });
  const notFound = fixture.errors.brasilapi_404_valid_but_inexistent!;
  const badRequest = fixture.errors.brasilapi_400_invalid!;
  const unknownRoute = fixture.errors.brasilapi_404_unknown_route!;

  const state: FakeCnpjServer = { url: '', requests: [], mode: 'ok', close: async () => {} };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    state.requests.push(url);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const match = /^\/api\/cnpj\/v1\/([^/?]+)$/.exec(url);
    if (!match) return send(unknownRoute.status, unknownRoute.body);
    if (state.mode === 'hang') return;
    if (state.mode === 'error') {
      return send(500, {
        message: 'Erro interno do servidor',
        type: 'internal_error',
        name: 'InternalServerError',
      });
    }
    if (state.mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>manutenção</html>');
      return;
    }
    const cnpj = decodeURIComponent(match[1]!);
    // Like go-cnpj: lowercase letters or a wrong length make the number invalid.
    if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) {
      return send(badRequest.status, { ...badRequest.body, message: `CNPJ ${cnpj} inválido.` });
    }
    const company = companies.get(cnpj);
    if (company) return send(200, company);
    return send(notFound.status, notFound.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cnpj/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
