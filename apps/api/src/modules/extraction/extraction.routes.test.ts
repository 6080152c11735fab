import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../../../test/helpers.js';

/** The extraction package's own cases (annotated like the corpus). */
const casesDir = path.resolve(import.meta.dirname, '../../../../../packages/extraction/test/generalisation');

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  auth = { authorization: `Bearer ${(await registerUser(ctx, 'extrai@empresa.com.br')).token}` };
});
afterAll(async () => {
  await ctx?.close();
});

const extract = (payload: unknown, headers = auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/quotes/extract', payload: payload as object, headers });

describe('POST /api/quotes/extract', () => {
  it('extracts freight, fees and confidence from a carrier reply', async () => {
    const text = [
      'Subject: RE: Cotação COT-2026-0042 - Shanghai x Santos',
      'From: Maria <maria@agente-exemplo.com.br>',
      '',
      'Prezados, segue nossa proposta:',
      'Frete marítimo 40HC: USD 2.350,00',
      'THC destino: BRL 1.450,00 por contêiner',
      'BL fee: USD 75,00',
      'Transit time: 32 dias',
      'Validade: 30/12/2026',
    ].join('\n');
    const response = await extract({ text });
    expect(response.statusCode).toBe(200);
    const { final, detect, blocks } = response.json().data;
    expect(final.preco_por_container_40).toBe(2350);
    expect(final.transit_time_dias).toBe(32);
    expect(final.validadeProposta).toBe('2026-12-30');
    expect(final.taxas.itens.map((fee: { nome: string }) => fee.nome)).toEqual(
      expect.arrayContaining(['THC']),
    );
    expect(final.confidence_overall).toBeGreaterThan(0);
    expect(detect.language).toBe('pt');
    expect(Array.isArray(blocks)).toBe(true);
  });

  it('handles an annotated reply end to end', async () => {
    const text = fs.readFileSync(path.join(casesDir, 'g01.txt'), 'utf8');
    const truth = JSON.parse(fs.readFileSync(path.join(casesDir, 'g01.json'), 'utf8'));
    const response = await extract({ text });
    expect(response.statusCode).toBe(200);
    const { final } = response.json().data;
    expect(final.confidence_overall).toBeGreaterThan(0.5);
    expect(final.preco_por_container_20).toBe(truth.frete[0].valor);
  });

  it('answers garbage with a low-confidence result, not an error; a NUL is refused like in any text', async () => {
    const response = await extract({ text: '\u0001\u0002 %%% ??? lorem' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.final.confidence_overall).toBeLessThan(0.5);
    const nul = await extract({ text: '\u0000\u0001 %%% ??? lorem' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([
      {
        path: 'text',
        message: 'O texto contém um caractere nulo (\\0), que não é aceito. Remova-o e tente novamente.',
      },
    ]);
  });

  it('rejects empty text, unknown fields and anonymous callers', async () => {
    expect((await extract({ text: '' })).json().message).toBe('Informe o texto a extrair.');
    expect((await extract({ text: 'x', modo: 'rapido' })).statusCode).toBe(400);
    expect((await extract({ text: 'x' }, {} as typeof auth)).statusCode).toBe(401);
  });
});
