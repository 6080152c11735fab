import type { Comparison } from '@cotacoes/shared';
import { fieldMessages } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteScenario } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * 'Registrar resposta → Valores' with the portal's rows (ADR 0026 addendum, QA passes 21 and 22): per W/M with
 * a minimum, per kg on an air quote, prices and charges per port, through the real pipeline and the
 * comparison, against hand totals. Its own app: the quotes it creates stay under the per-IP creation limit.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

/** The form 'Registrar resposta' posts: the carrier, `modo` and the typed values as JSON. */
function multipart(token: string, fields: Record<string, string>) {
  const boundary = `----t${Date.now()}`;
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: Buffer.from(`${body}--${boundary}--\r\n`),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: ctx.config.APP_URL,
    },
  };
}

describe('typed values (Registrar resposta → Valores)', () => {
  it('typed values take an LCL price per W/M with its minimum, and prices and charges per port (QA pass 21)', async () => {
    const register = (s: Awaited<ReturnType<typeof quoteScenario>>, valores: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/quotes/${s.quote.id}/respostas/registrar`,
        ...multipart(s.token, {
          transportadorId: s.carriers[0]!.id,
          modo: 'valores',
          valores: JSON.stringify(valores),
        }),
      });
    const rowsOf = async (s: Awaited<ReturnType<typeof quoteScenario>>) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${s.quote.id}/comparison`,
          headers: { authorization: `Bearer ${s.token}` },
        })
      ).json() as Comparison;

    // LCL 5.000 kg / 3,1 m³, answered by phone: USD 48 per W/M (minimum USD 300), CFS BRL 95 per W/M, BL USD 60.
    const lcl = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'LCL',
        pesoBrutoTotal: '5.000 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '6 pallets', dimensoes: 'total 3,1 m³' }],
      },
    });
    const lclAnswer = await register(lcl, {
      moeda: 'USD',
      fretes: [{ unidade: 'WM', valor: 48, moeda: 'USD', minimo: 300 }],
      taxas: [
        { nome: 'CFS', valor: 95, moeda: 'BRL', unidade: 'wm' },
        { nome: 'BL fee', valor: 60, moeda: 'USD' },
      ],
    });
    expect(lclAnswer.statusCode, lclAnswer.body).toBe(201);
    const lclComparison = await rowsOf(lcl);
    const lclRow = lclComparison.linhas[0]!;
    // W/M = max(5,0 t; 3,1 m³) = 5: freight 5 × 48 = 240, raised to the minimum 300, + BL 60 = USD 360;
    // CFS 5 × 95 = BRL 475.
    expect([lclRow.valorUSD, lclRow.valorBRL]).toEqual([360, 475]);
    expect(lclComparison.taxa.taxa).toBe(5.33);
    // 360 × 5,33 = 1.918,80 + 475 = R$ 2.393,80.
    expect(lclRow.custoTotalBRL).toBe(Math.round((2393.8 + lclRow.custoRodoviario) * 100) / 100);

    // Air, 3 volumes 450 kg / 2,8 m³: USD 3,85 per kg (minimum 150) and an AWB fee sent without a basis.
    const air = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '450 kg / 2,8 m³',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 volumes', dimensoes: null }],
      },
    });
    const airAnswer = await register(air, {
      moeda: 'USD',
      fretes: [{ unidade: 'KG', valor: 3.85, moeda: 'USD', minimo: 150 }],
      taxas: [
        { nome: 'AWB fee', valor: 45, moeda: 'USD' },
        { nome: 'Screening', valor: 0.15, moeda: 'USD', unidade: 'kg' },
        { nome: 'Taxa de segurança', valor: 180, moeda: 'BRL' },
      ],
    });
    expect(airAnswer.statusCode, airAnswer.body).toBe(201);
    const airRow = (await rowsOf(air)).linhas[0]!;
    // Chargeable weight max(450; 2,8 × 166,67 = 466,67) → 467 kg × 3,85 = 1.797,95 + AWB 45 once (per
    // shipment: it was per container on an air quote, and not summed; QA pass 22) = USD 1.842,95 × 5,33
    // = R$ 9.822,92.
    // Screening 0,15/kg × 467 = 70,05; a charge with no basis on an air quote is once (per shipment).
    expect(airRow.taxas.map((fee) => [fee.nome, fee.quantidade])).toEqual([
      ['AWB FEE', 1],
      ['SCREENING', 467],
      // Named as the engine names a reply's charges ("Taxa de segurança" → SSC), so a typed answer lacks
      // nothing another carrier's reply names the same way (QA pass 24: "sem FSC" beside "Fuel surcharge").
      ['SSC', 1],
    ]);
    // USD 1.842,95 + 70,05 = 1.913,00 × 5,33 = 10.196,29 + BRL 180 = R$ 10.376,29.
    expect([airRow.valorUSD, airRow.valorBRL]).toEqual([1913, 180]);
    expect(airRow.custoTotalBRL).toBe(Math.round((10376.29 + airRow.custoRodoviario) * 100) / 100);

    // The same shipment answered by another carrier with charges per kg and their minimums (QA pass 42c: the
    // form had no minimum for a charge): fuel 0,10/kg (minimum 60) and screening 0,15/kg (minimum 30).
    const airMin = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '450 kg / 2,8 m³',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 volumes', dimensoes: null }],
      },
    });
    const airMinAnswer = await register(airMin, {
      moeda: 'USD',
      fretes: [{ unidade: 'KG', valor: 3.85, moeda: 'USD' }],
      taxas: [
        { nome: 'Fuel', valor: 0.1, moeda: 'USD', unidade: 'kg', minimo: 60 },
        { nome: 'Screening', valor: 0.15, moeda: 'USD', unidade: 'kg', minimo: 30 },
      ],
    });
    expect(airMinAnswer.statusCode, airMinAnswer.body).toBe(201);
    const airMinRow = (await rowsOf(airMin)).linhas[0]!;
    // 467 kg × 3,85 = 1.797,95; fuel 467 × 0,10 = 46,70 raised to 60; screening 467 × 0,15 = 70,05 (above 30):
    // USD 1.928,00 × 5,33 = R$ 10.276,24.
    expect(airMinRow.taxas.map((fee) => [fee.nome, fee.valorTotal, fee.minimoAplicado ?? false])).toEqual([
      ['FSC', 60, true],
      ['SCREENING', 70.05, false],
    ]);
    expect(airMinRow.valorUSD).toBe(1928);
    expect(airMinRow.custoTotalBRL).toBe(Math.round((10276.24 + airMinRow.custoRodoviario) * 100) / 100);

    // 2 × 40HC to Santos or Itajaí: USD 2.300 / 2.450 per port, THC BRL 1.450 at Santos and 1.600 at Itajaí,
    // BL fee USD 50 for both.
    const ports = await quoteScenario(ctx, { quote: { destino: 'Santos, BR / Itajaí, BR' } });
    const wrongPort = await register(ports, {
      moeda: 'USD',
      fretes: [{ unidade: '40HC', valor: 2300, moeda: 'USD', destino: 'Paranaguá' }],
    });
    expect(wrongPort.statusCode).toBe(400);
    expect(wrongPort.json().errors).toEqual([
      { path: 'valores.fretes.0.destino', message: fieldMessages.typedDestinationInvalid },
    ]);
    const byPort = await register(ports, {
      moeda: 'USD',
      fretes: [
        { unidade: '40HC', valor: 2300, moeda: 'USD', destino: 'santos' },
        { unidade: '40HC', valor: 2450, moeda: 'USD', destino: 'Itajaí' },
      ],
      taxas: [
        { nome: 'THC', valor: 1450, moeda: 'BRL', destino: 'Santos' },
        { nome: 'THC', valor: 1600, moeda: 'BRL', destino: 'Itajaí' },
        { nome: 'BL fee', valor: 50, moeda: 'USD' },
      ],
    });
    expect(byPort.statusCode, byPort.body).toBe(201);
    const rows = Object.fromEntries((await rowsOf(ports)).linhas.map((row) => [row.destino, row] as const));
    // Santos: (2 × 2.300 + 50) × 5,33 = 24.784,50 + 2 × 1.450 = R$ 27.684,50.
    expect([rows.Santos!.valorUSD, rows.Santos!.valorBRL]).toEqual([4650, 2900]);
    expect(rows.Santos!.custoTotalBRL).toBe(Math.round((27684.5 + rows.Santos!.custoRodoviario) * 100) / 100);
    // Itajaí: (2 × 2.450 + 50) × 5,33 = 26.383,50 + 2 × 1.600 = R$ 29.583,50.
    expect([rows['Itajaí']!.valorUSD, rows['Itajaí']!.valorBRL]).toEqual([4950, 3200]);
    expect(rows['Itajaí']!.custoTotalBRL).toBe(
      Math.round((29583.5 + rows['Itajaí']!.custoRodoviario) * 100) / 100,
    );
  });

  it("a fee typed per container size ('THC 20'', 'THC 40'HC') counts on that size's containers only (QA pass 35)", async () => {
    // 2 × 20DV + 3 × 40HC answered by phone: the portal's and this form's lines carry the size in the name.
    const mixed = await quoteScenario(ctx, {
      quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 20DV + 3 x 40HC', dimensoes: null }] },
    });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${mixed.quote.id}/respostas/registrar`,
      ...multipart(mixed.token, {
        transportadorId: mixed.carriers[0]!.id,
        modo: 'valores',
        valores: JSON.stringify({
          moeda: 'USD',
          fretes: [
            { unidade: '20DC', valor: 1250, moeda: 'USD' },
            { unidade: '40HC', valor: 2150, moeda: 'USD' },
          ],
          taxas: [
            { nome: "THC 20'", valor: 1200, moeda: 'BRL', unidade: 'conteiner' },
            { nome: "THC 40'HC", valor: 1450, moeda: 'BRL', unidade: 'conteiner' },
            { nome: 'BL fee', valor: 50, moeda: 'USD' },
          ],
        }),
      }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const row = (
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${mixed.quote.id}/comparison`,
          headers: { authorization: `Bearer ${mixed.token}` },
        })
      ).json() as Comparison
    ).linhas[0]!;
    // USD 2 × 1.250 + 3 × 2.150 + 50 = 9.000 × 5,33 = 47.970,00; BRL 2 × 1.200 + 3 × 1.450 = 6.750
    // → R$ 54.720,00 (it was 5 × 1.450 = 7.250, the 20' THC dropped as repeated).
    expect([row.valorUSD, row.valorBRL]).toEqual([9000, 6750]);
    expect(row.taxas.filter((fee) => fee.contabilizada).map((fee) => fee.quantidade)).toEqual([2, 3, 1]);
    expect(row.custoTotalBRL).toBe(Math.round((54720 + row.custoRodoviario) * 100) / 100);
  });
});
