import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixturePath = path.resolve(import.meta.dirname, '../fixtures/external/awesomeapi_currency.json');

type Quote = { bid: string; code: string; codein: string };

/** USD and EUR from the official README sample of the contract fixture, CNY from its synthetic entry. */
export function awesomeApiSuccessBody(): Record<string, Quote> {
  const fixture = JSON.parse(fs.readFileSync(fixturePath, 'utf8'));
  return {
    ...fixture.success['official_readme_USD-BRL,EUR-BRL'].body,
    ...fixture.success['SYNTHETIC_for_fake_server_CNY-BRL'].body,
  };
}

export type FakeRatesServer = {
  url: string;
  hits: number;
  mode: 'ok' | 'error' | 'hang' | 'garbage';
  close(): Promise<void>;
};

/** A local AwesomeAPI-compatible server built from the contract fixture. */
export async function startFakeRatesServer(): Promise<FakeRatesServer> {
  const state: FakeRatesServer = { url: '', hits: 0, mode: 'ok', close: async () => {} };
  const server = http.createServer((request, response) => {
    state.hits++;
    if (!request.url?.startsWith('/json/last/')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"status":404,"code":"CoinNotExists","message":"moeda nao encontrada"}');
      return;
    }
    if (state.mode === 'hang') return;
    if (state.mode === 'error') {
      response.writeHead(500);
      response.end('internal');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      state.mode === 'garbage' ? '{"USDBRL":{"bid":"abc"}}' : JSON.stringify(awesomeApiSuccessBody()),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
