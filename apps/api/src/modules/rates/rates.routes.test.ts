import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  awesomeApiSuccessBody,
  type FakeRatesServer,
  startFakeRatesServer,
} from '../../../test/fakes/rates-server.js';
import { createTestApp, registerUser, type TestContext } from '../../../test/helpers.js';
import { FALLBACK_RATES } from './rates.service.js';

let fake: FakeRatesServer;
let ctx: TestContext;
let auth: { authorization: string };

beforeAll(async () => {
  fake = await startFakeRatesServer();
  ctx = await createTestApp({ RATES_API_URL: fake.url, HTTP_TIMEOUT_MS: '1000' });
  auth = { authorization: `Bearer ${(await registerUser(ctx, 'cambio@empresa.com.br')).token}` };
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  (ctx.app.services.rates as unknown as { cached?: unknown }).cached = undefined;
  fake.mode = 'ok';
  fake.hits = 0;
});

const getRates = () => ctx.app.inject({ method: 'GET', url: '/api/rates', headers: auth });

describe('GET /api/rates', () => {
  it('reads USD, EUR and CNY against BRL from the service, keyed base+quote with numeric bids', async () => {
    const response = await getRates();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const source = awesomeApiSuccessBody();
    expect(body.fallback).toBe(false);
    expect(body.USDBRL).toEqual({ code: 'USD', codein: 'BRL', bid: Number(source.USDBRL!.bid) });
    expect(body.EURBRL.bid).toBe(Number(source.EURBRL!.bid));
    expect(body.CNYBRL.bid).toBe(Number(source.CNYBRL!.bid));
  });

  it('caches for three minutes', async () => {
    await getRates();
    await getRates();
    await getRates();
    expect(fake.hits).toBe(1);
  });

  it.each(['error', 'hang', 'garbage'] as const)(
    'falls back to the fixed values, flagged, when the service is %s',
    async (mode) => {
      fake.mode = mode;
      const response = await getRates();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.fallback).toBe(true);
      expect([body.USDBRL.bid, body.EURBRL.bid, body.CNYBRL.bid]).toEqual([
        FALLBACK_RATES.USD,
        FALLBACK_RATES.EUR,
        FALLBACK_RATES.CNY,
      ]);
      expect([5.2, 5.6, 0.72]).toEqual([FALLBACK_RATES.USD, FALLBACK_RATES.EUR, FALLBACK_RATES.CNY]);
    },
  );

  it('requires a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/rates' });
    expect(response.statusCode).toBe(401);
  });
});
