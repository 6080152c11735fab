import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakePtaxServer,
  ptaxDaySample,
  ptaxEurDaySample,
  startFakePtaxServer,
} from '../../../test/fakes/ptax-server.js';
import { PTAX_MAX_BUSINESS_DAYS, PtaxService } from './ptax.service.js';

let fake: FakePtaxServer;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  fake = await startFakePtaxServer();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.eurMode = 'ok';
  fake.requests = [];
  fake.eurRequests = [];
  fake.emptyDates = new Set();
  fake.delayMs = 0;
});

/** A service whose "now" is a fixed instant (UTC ISO). */
const serviceAt = (iso: string, timeoutMs = 1000) =>
  new PtaxService(fake.url, timeoutMs, logger, () => new Date(iso));

describe('PTAX of the last business day (Olinda CotacaoDolarDia)', () => {
  it('reads the selling rate of today once published (the contract sample of 2026-07-28)', async () => {
    const sample = ptaxDaySample();
    // Tuesday 28 Jul 2026, 15:00 in São Paulo
    const quote = await serviceAt('2026-07-28T18:00:00Z').current();
    expect(quote).toMatchObject({ ptax: sample.cotacaoVenda, dataCotacao: '2026-07-28', fonte: 'ptax' });
    expect(quote.ptax).toBe(5.1177);
    expect(fake.requests).toEqual(['07-28-2026']);
  });

  it('asks the date of São Paulo, not of UTC', async () => {
    // 01:00 UTC on Wednesday 29 Jul is still Tuesday 28 Jul in São Paulo
    await serviceAt('2026-07-29T01:00:00Z').current();
    expect(fake.requests).toEqual(['07-28-2026']);
  });

  it('on a weekend goes to Friday (Sunday 2025-02-16 → 2025-02-14, as in the contract)', async () => {
    const quote = await serviceAt('2025-02-16T15:00:00Z').current();
    expect(quote).toMatchObject({ dataCotacao: '2025-02-14', fonte: 'ptax' });
    expect(fake.requests).toEqual(['02-14-2025']);
  });

  it('an empty answer (holiday, or today before the bulletin) walks back to the previous business day', async () => {
    // Carnival: Monday 3 and Tuesday 4 March 2025 have no bulletin
    fake.emptyDates = new Set(['03-04-2025', '03-03-2025']);
    const quote = await serviceAt('2025-03-04T15:00:00Z').current();
    expect(quote).toMatchObject({ ptax: 5.1177, dataCotacao: '2025-02-28', fonte: 'ptax' });
    expect(fake.requests).toEqual(['03-04-2025', '03-03-2025', '02-28-2025']);
  });

  it(`an empty answer for every day tried (${PTAX_MAX_BUSINESS_DAYS} business days) gives the fallback 5.2, flagged`, async () => {
    fake.mode = 'empty';
    const quote = await serviceAt('2026-07-28T18:00:00Z').current();
    expect(quote).toEqual({
      ptax: 5.2,
      dataCotacao: null,
      fonte: 'fallback',
      eur: { ptax: 5.6, dataCotacao: null, fonte: 'fallback' },
    });
    expect(fake.requests).toEqual([
      '07-28-2026',
      '07-27-2026',
      '07-24-2026',
      '07-23-2026',
      '07-22-2026',
      '07-21-2026',
      '07-20-2026',
    ]);
  });

  it('HTTP 500 (an HTML error page) gives the fallback at once, without walking back', async () => {
    fake.mode = 'error';
    const quote = await serviceAt('2026-07-28T18:00:00Z').current();
    expect(quote).toMatchObject({ ptax: 5.2, dataCotacao: null, fonte: 'fallback' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a service that does not answer gives the fallback after the timeout', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const quote = await serviceAt('2026-07-28T18:00:00Z', 300).current();
    expect(quote.fonte).toBe('fallback');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('one timeout bounds the whole walk back, not each request', async () => {
    fake.delayMs = 150;
    fake.emptyDates = new Set(['07-28-2026', '07-27-2026', '07-24-2026', '07-23-2026']);
    const quote = await serviceAt('2026-07-28T18:00:00Z', 400).current();
    expect(quote.fonte).toBe('fallback');
    expect(fake.requests.length).toBeLessThan(5);
  });

  it('an unreachable service gives the fallback', async () => {
    const offline = new PtaxService('http://127.0.0.1:9/odata', 500, logger);
    expect((await offline.current()).fonte).toBe('fallback');
  });

  it('caches: later and concurrent callers share one lookup', async () => {
    const service = serviceAt('2026-07-28T18:00:00Z');
    const answers = await Promise.all(Array.from({ length: 10 }, () => service.current()));
    await service.current();
    expect(new Set(answers.map((answer) => answer.ptax))).toEqual(new Set([5.1177]));
    expect(fake.requests).toEqual(['07-28-2026']);
  });

  it('caches the fallback too, so a failing service is not asked on every call', async () => {
    fake.mode = 'error';
    const service = serviceAt('2026-07-28T18:00:00Z');
    await service.current();
    await service.current();
    expect(fake.requests).toHaveLength(1);
  });

  it('when the service fails later, keeps the last rate read (with its date) instead of the fallback', async () => {
    const service = serviceAt('2026-07-28T18:00:00Z');
    await service.current();
    (service as unknown as { cached?: unknown }).cached = undefined;
    fake.mode = 'error';
    expect(await service.current()).toEqual({
      ptax: 5.1177,
      dataCotacao: '2026-07-28',
      fonte: 'ptax',
      eur: { ptax: 4.0174, dataCotacao: '2026-07-28', fonte: 'ptax' },
    });
  });
});

describe("the euro's PTAX (CotacaoMoedaDia, moeda 'EUR'), for charges quoted in EUR", () => {
  it("reads the closing bulletin ('Fechamento PTAX'), not the intermediate one of the same second", async () => {
    const quote = await serviceAt('2026-07-28T18:00:00Z').current();
    expect(quote.eur).toEqual({
      ptax: ptaxEurDaySample().cotacaoVenda,
      dataCotacao: '2026-07-28',
      fonte: 'ptax',
    });
    expect(quote.eur?.ptax).toBe(4.0174);
    expect(fake.eurRequests).toEqual(['07-28-2026']);
  });

  it('walks back over a holiday as the dollar does', async () => {
    fake.emptyDates = new Set(['03-04-2025', '03-03-2025']);
    const quote = await serviceAt('2025-03-04T15:00:00Z').current();
    expect(quote.eur).toMatchObject({ dataCotacao: '2025-02-28', fonte: 'ptax' });
    expect(fake.eurRequests).toEqual(['03-04-2025', '03-03-2025', '02-28-2025']);
  });

  it('when only the euro fails, the dollar is still read and the euro is the fallback 5.6, flagged', async () => {
    fake.eurMode = 'error';
    const quote = await serviceAt('2026-07-28T18:00:00Z').current();
    expect(quote).toEqual({
      ptax: 5.1177,
      dataCotacao: '2026-07-28',
      fonte: 'ptax',
      eur: { ptax: 5.6, dataCotacao: null, fonte: 'fallback' },
    });
  });

  it('when only the euro fails later, its last rate read is kept', async () => {
    const service = serviceAt('2026-07-28T18:00:00Z');
    await service.current();
    (service as unknown as { cached?: unknown }).cached = undefined;
    fake.eurMode = 'error';
    expect((await service.current()).eur).toEqual({ ptax: 4.0174, dataCotacao: '2026-07-28', fonte: 'ptax' });
  });
});
