import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixturePath = path.resolve(import.meta.dirname, '../fixtures/external/bcb_ptax_odata.json');
const BASE_PATH = '/olinda/servico/PTAX/versao/v1/odata';

type Sample = { raw_body?: string; body?: unknown };

function samples(): Record<string, Sample> {
  return (JSON.parse(fs.readFileSync(fixturePath, 'utf8')) as { samples: Record<string, Sample> }).samples;
}

/** The raw text of the contract's CotacaoDolarDia sample (2026-07-28), selling rate 5.11770. */
export function ptaxDaySample(): { raw: string; cotacaoVenda: number; date: string } {
  const raw = samples()['CotacaoDolarDia_2026-07-28_raw_text']!.raw_body!;
  const row = (JSON.parse(raw) as { value: { cotacaoVenda: number; dataHoraCotacao: string }[] }).value[0]!;
  return { raw, cotacaoVenda: row.cotacaoVenda, date: row.dataHoraCotacao.slice(0, 10) };
}

/**
 * The contract's CotacaoMoedaDia sample for EUR (2018-03-05): five bulletins, the closing one ('Fechamento
 * PTAX') selling at 4.0174, after an intermediate one at 4.0134 of the same second.
 */
export function ptaxEurDaySample(): { body: string; cotacaoVenda: number; date: string } {
  const body = samples()['CotacaoMoedaDia_EUR_2018-03-05_all_bulletins']!.body as {
    value: { cotacaoVenda: number; dataHoraCotacao: string; tipoBoletim: string }[];
  };
  const closing = body.value.find((row) => row.tipoBoletim === 'Fechamento PTAX')!;
  return { body: JSON.stringify(body), cotacaoVenda: closing.cotacaoVenda, date: '2018-03-05' };
}

/** The contract's answer for a weekend or holiday: HTTP 200 with an empty `value`. */
export function ptaxEmptyBody(): string {
  return JSON.stringify(samples().weekend_or_holiday_empty!.body);
}

export type FakePtaxServer = {
  /** Base URL to use as PTAX_API_URL (with the Olinda path). */
  url: string;
  /** MM-DD-YYYY dates asked of the dollar's resource (CotacaoDolarDia), in order. */
  requests: string[];
  /** The same for the euro's (CotacaoMoedaDia, moeda 'EUR'). */
  eurRequests: string[];
  /** The euro's resource alone: 'error' answers HTTP 500 while the dollar's still answers. */
  eurMode: 'ok' | 'error';
  /**
   * ok: every date has the sample's bulletin (moved to that date); empty: no date has one; error: HTTP 500
   * with an HTML page (the contract's unstable-infrastructure answer); hang: never answers.
   */
  mode: 'ok' | 'empty' | 'error' | 'hang';
  /** Dates (MM-DD-YYYY) answered with an empty `value`, as for a holiday. */
  emptyDates: Set<string>;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  close(): Promise<void>;
};

/** A local Olinda PTAX server built from the contract fixture (CotacaoDolarDia and CotacaoMoedaDia EUR). */
export async function startFakePtaxServer(): Promise<FakePtaxServer> {
  const sample = ptaxDaySample();
  const eurSample = ptaxEurDaySample();
  const state: FakePtaxServer = {
    url: '',
    requests: [],
    eurRequests: [],
    eurMode: 'ok',
    mode: 'ok',
    emptyDates: new Set(),
    delayMs: 0,
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const date = /^'(\d{2}-\d{2}-\d{4})'$/.exec(url.searchParams.get('@dataCotacao') ?? '')?.[1];
    const resource = decodeURIComponent(url.pathname);
    const euro =
      resource === `${BASE_PATH}/CotacaoMoedaDia(moeda=@moeda,dataCotacao=@dataCotacao)` &&
      url.searchParams.get('@moeda') === "'EUR'";
    if (
      (resource !== `${BASE_PATH}/CotacaoDolarDia(dataCotacao=@dataCotacao)` && !euro) ||
      !date ||
      url.searchParams.get('$format') !== 'json'
    ) {
      response.writeHead(400, { 'content-type': 'text/html' });
      response.end('<html><body>Bad Request</body></html>');
      return;
    }
    (euro ? state.eurRequests : state.requests).push(date);
    if (state.mode === 'hang') return;
    setTimeout(() => {
      if (state.mode === 'error' || (euro && state.eurMode === 'error')) {
        response.writeHead(500, { 'content-type': 'text/html' });
        response.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      response.writeHead(200, {
        'content-type': 'application/json;charset=UTF-8;odata.metadata=minimal',
        'odata-version': '4.0',
      });
      if (state.mode === 'empty' || state.emptyDates.has(date)) {
        response.end(ptaxEmptyBody());
        return;
      }
      const [month, day, year] = date.split('-');
      const template = euro ? eurSample : { body: sample.raw, date: sample.date };
      response.end(template.body.replaceAll(template.date, `${year}-${month}-${day}`));
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE_PATH}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
