import { describe, expect, it } from 'vitest';
import { emptyResult } from './empty-result.js';
import { extractFromText } from './extract-text.js';
import { readChargeableWeight } from './fields/values.js';
import { mergeWithAttachments, tagAttachment } from './files/merge-results.js';
import { findUnit } from './normalise/units.js';

/*
 * QA pass 6: per-ton charges, a free time qualified by storage, and the chargeable weight the forwarder
 * states. The replies below are the QA team's (abridged where noted).
 */

const LCL_PER_TON = `Prezados,

Segue proposta LCL Ningbo x Santos:

O/F: USD 41,00/W/M, min 1 W/M
BL fee: USD 75,00
Handling origem: USD 25,00/ton
Armazenagem Santos (1º período): BRL 60,00 por tonelada
Desconsolidação: BRL 380,00

TT 38 dias, free time 7 dias, validade 31/12/2026
Carla - Atlântico`;

const LCL_WM_PER_TON_OR_CBM = `Hi team,

Please find our LCL offer SHA > SSZ:

Ocean freight: USD 39.00 per w/m, min 2 w/m
LSS: USD 8.00/cbm
Doc fee: USD 60.00 per shipment
CFS Santos: BRL 120,00 per ton or cbm (W/M)
Delivery order: BRL 250,00

T/T approx 42 days, direct service
Validity: 20/12/2026`;

const LCL_FREE_TIME_STORAGE = `Prezados, boa tarde.

Segue nossa oferta LCL Shanghai x Santos para o IMP-LCL-01 (7,92 cbm / 2.450 kgs):

O/F: USD 45,00 / W/M (min 1 W/M) - BAF incluso
CFS origem: USD 12,00 / cbm
BL fee: USD 75,00 / BL
Desconsolidação: BRL 380,00 / BL
THC destino: BRL 95,00 / cbm

Transit time: 38 dias (via Busan)
Free time: 7 dias armazenagem no CFS
Validade: 31/12/2026

Atenciosamente,
Carla Mendes - Pricing Atlântico`;

const AIR_A = `Dear Sirs,

Segue cotação aérea PVG > GRU - IMP-AIR-01

Peso taxável: 200 kg (cubado 1:6000)
Air freight: USD 4,80/kg (+45 kg), min USD 95,00
Fuel surcharge (FSC): USD 1,10/kg
Security (SSC): USD 0,15/kg
AWB fee: USD 35,00
Handling origem: USD 60,00
Liberação GRU: R$ 450,00

Transit time: 4-6 dias via FRA
Validade: 7 dias

Rgds,
Céu Azul Cargas Aéreas - Ops`;

const AIR_B = `Hello,

Air freight rates PVG/GRU, chargeable weight 200 kgs:

A/F: USD 5.20 per kg (incl. FSC/SSC)
Min charge USD 120.00
AWB: USD 40.00
Terminal charges GRU: BRL 1,85/kg min BRL 280,00

TT: 3 days direct flight
Valid until 31/12/2026

Best regards
Maré Alta`;

const AIR_C = `Prezados,

Aéreo Shanghai (PVG) x Guarulhos (GRU):
Peso bruto 180 kg / peso cubado 200 kg -> chargeable 200 kg

Frete aéreo: USD 4,50/kg (faixa +100 kg), mín. USD 150,00
Fuel: USD 0,95/kg
AWB fee: USD 30,00
Capatazia GRU: R$ 3,20/kg

TT 5 dias
Validade 15 dias

Att,
Navegação Pacífico Cargas`;

const AIR_WITHOUT_WEIGHT = `Olá, aqui é o Carlos (Céu Azul), respondendo no lugar da equipe de ops:

Air freight SZX-VCP: USD 6,50/kg, min USD 95,00
FSC: USD 1,10/kg
AWB fee: USD 35,00
Liberação VCP: R$ 450,00
TT 5 dias | validade 10/12/2026`;

const final = (text: string) => extractFromText(text).final;
const fee = (text: string, rotulo: string) => final(text).taxas.itens.find((t) => t.rotulo === rotulo);

describe('QA pass 6: per-ton charges', () => {
  it('reads "/ton" and "por tonelada" as per tonne (TON), not once per shipment', () => {
    const handling = fee(LCL_PER_TON, 'Handling origem');
    const storage = fee(LCL_PER_TON, 'Armazenagem Santos (1º período)');
    expect([handling?.unidade, handling?.valor, handling?.moeda]).toEqual(['TON', 25, 'USD']);
    expect([storage?.unidade, storage?.valor, storage?.moeda]).toEqual(['TON', 60, 'BRL']);
    // The rest of the reply is read as before.
    expect(final(LCL_PER_TON).fretes.map((f) => [f.unidade, f.valor])).toEqual([['WM', 41]]);
    expect(fee(LCL_PER_TON, 'Desconsolidação')?.unidade).toBe('BL');
  });

  it('reads the other ways of writing per tonne', () => {
    for (const basis of [
      'USD 25,00/t',
      'USD 25,00 per ton',
      'USD 25,00 / tons',
      'USD 25 per metric ton',
      'USD 25 per MT',
    ])
      expect(findUnit(basis)?.unit, basis).toBe('TON');
    expect(fee('LCL\nO/F: USD 41,00/W/M\nHandling: USD 25/t\n', 'Handling')?.unidade).toBe('TON');
  });

  it('keeps "ton or cbm" and W/M as W/M, and T/T as no basis', () => {
    expect(fee(LCL_WM_PER_TON_OR_CBM, 'CFS Santos')?.unidade).toBe('WM');
    for (const basis of [
      'BRL 120,00 per ton or cbm (W/M)',
      'BRL 120 / ton ou m3',
      'USD 12 por tonelada ou m3',
      'USD 12 /t ou m3',
      'USD 12 por t/m3',
      'USD 12/ton (W/M)',
      'USD 39.00 per w/m',
    ])
      expect(findUnit(basis)?.unit, basis).toBe('WM');
    expect(findUnit('O/F 2000 T/T 30 dias')).toBeNull();
  });
});

describe('QA pass 6: free time with a qualifier', () => {
  it('reads "Free time: 7 dias armazenagem no CFS" as the destination free time', () => {
    const result = final(LCL_FREE_TIME_STORAGE);
    expect(result.free_time_destino_dias).toBe(7);
    expect(result.evidence.free_time_destino_dias?.source?.text).toBe('Free time: 7 dias armazenagem no CFS');
    expect(result.transit_time_dias).toBe(38);
  });

  it('reads the other qualified forms', () => {
    const cases: Array<[string, number]> = [
      ['Free time: 10 dias no terminal', 10],
      ['free time 14 days at destination', 14],
      ['14 dias de free time', 14],
      ['Free time: 7 days storage at CFS Santos', 7],
      ['Free time: 14 dias demurrage / 7 dias armazenagem', 14],
      ['Free time: 7 dias armazenagem, 14 dias demurrage', 14],
    ];
    for (const [line, days] of cases)
      expect(final(`O/F: USD 45,00 / W/M\n${line}\n`).free_time_destino_dias, line).toBe(days);
  });

  it('a storage figure outside a CFS is kept but less certain; origin and detention are still not it', () => {
    const storage = final('Frete 40HC: USD 2.000,00\nFree time: 7 days storage\n');
    expect(storage.free_time_destino_dias).toBe(7);
    expect(storage.evidence.free_time_destino_dias?.confidence).toBeLessThan(0.8);
    for (const line of ['Free time: 7 days storage at origin', 'Free time: 7 dias detention'])
      expect(final(`Frete 40HC: USD 2.000,00\n${line}\n`).free_time_destino_dias, line).toBeNull();
  });
});

describe('QA pass 6: chargeable weight', () => {
  it('reads the chargeable weight of the air replies, with the line it came from', () => {
    const cases: Array<[string, string]> = [
      [AIR_A, 'Peso taxável: 200 kg (cubado 1:6000)'],
      [AIR_B, 'Air freight rates PVG/GRU, chargeable weight 200 kgs:'],
      [AIR_C, 'Peso bruto 180 kg / peso cubado 200 kg -> chargeable 200 kg'],
    ];
    for (const [text, line] of cases) {
      const result = final(text);
      expect(result.peso_taxavel_kg, line).toBe(200);
      expect(result.evidence.peso_taxavel_kg?.source?.text).toBe(line);
      expect(result.evidence.peso_taxavel_kg?.confidence).toBeGreaterThanOrEqual(0.8);
      expect(result.fretes[0]?.unidade).toBe('KG');
    }
  });

  it('reads it in an LCL reply, and gives null when only the gross weight is stated', () => {
    const lcl = `O/F: USD 45,00 / W/M\nChargeable weight: 2.450 kgs\n`;
    expect(final(lcl).peso_taxavel_kg).toBe(2450);
    expect(final(LCL_FREE_TIME_STORAGE).peso_taxavel_kg).toBeNull();
    expect(final(AIR_WITHOUT_WEIGHT).peso_taxavel_kg).toBeNull();
    expect(final('A/F: USD 4,80/kg\nPeso bruto: 180 kg\nPeso cubado: 200 kg\n').peso_taxavel_kg).toBeNull();
    expect(final('A/F: USD 4,80/kg\nPeso bruto: 180 kg\n').evidence.peso_taxavel_kg).toBeUndefined();
  });

  it('reads the common spellings and leaves other figures alone', () => {
    const read = (text: string) => readChargeableWeight(text)?.kg ?? null;
    expect(read('chargeable weight 200 kgs')).toBe(200);
    expect(read('Ch. Wt.: 345,5 kg')).toBe(345.5);
    expect(read('Peso taxado de 1.200 kg')).toBe(1200);
    expect(read('Peso tasable: 150 kg')).toBe(150);
    expect(read('Peso taxável: 2,45 t')).toBe(2450);
    expect(read('200 kgs (peso taxável)')).toBe(200);
    expect(read('Chargeable weight: 1.250')).toBe(1250);
    expect(read('Peso bruto: 180 kg')).toBeNull();
    expect(read('Chargeable: 7,92 W/M')).toBeNull();
    expect(read('Chargeable weight: 1:6000')).toBeNull();
    expect(read('Chargeable weight: USD 4,80/kg')).toBeNull();
    expect(read('A/F USD 4,80/kg chargeable')).toBeNull();
    expect(read('rates per chargeable weight +45 kg')).toBeNull();
  });

  it('is null in the empty result, and survives a merge with an attachment that states it', () => {
    expect(emptyResult('test').final.peso_taxavel_kg).toBeNull();
    const body = extractFromText(AIR_WITHOUT_WEIGHT);
    const attachment = tagAttachment(extractFromText(AIR_A), 'cotacao.pdf');
    const merged = mergeWithAttachments(body, [{ filename: 'cotacao.pdf', result: attachment }]).final;
    expect(merged.peso_taxavel_kg).toBe(200);
    expect(merged.evidence.peso_taxavel_kg?.source?.origin).toBe('attachment:cotacao.pdf');
  });
});
