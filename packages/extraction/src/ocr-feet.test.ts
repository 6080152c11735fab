import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import { repairOcrCodes } from './files/ocr.js';

/*
 * QA pass 35: a photographed price table read by tesseract gave "THC 20°" for "THC 20'": the fee lost its
 * container size and counted on every container. A foot mark read as a degree sign is a foot mark again; a
 * reefer's temperature ("-20°C", "set at 18 °C") is left alone.
 */
describe('OCR foot marks', () => {
  it("reads 20°/40° as 20'/40', never a temperature", () => {
    expect(repairOcrCodes('THC 20° BRL 1.200,00 / cntr\nTHC 40°HC BRL 1.450,00 / cntr')).toBe(
      "THC 20' BRL 1.200,00 / cntr\nTHC 40'HC BRL 1.450,00 / cntr",
    );
    expect(repairOcrCodes('Reefer set at -20°C; genset 40 °F')).toBe('Reefer set at -20°C; genset 40 °F');
  });

  it('keeps the size of each THC of an OCR reading', () => {
    const final = extractFromText(
      repairOcrCodes(
        [
          'Frete 20DV: USD 1.250,00',
          'Frete 40HC: USD 2.150,00',
          'THC 20°: BRL 1.100,00',
          'THC 40°: BRL 1.400,00',
        ].join('\n'),
      ),
    ).final;
    const thc = final.taxas.itens.filter((fee) => fee.nome === 'THC').map((fee) => fee.valor);
    expect(thc).toEqual([1100, 1400]);
    const sized = final.taxas.itens.filter(
      (fee) => fee.nome === 'THC' && (fee as { equipamento?: string }).equipamento,
    );
    expect(sized).toHaveLength(2);
  });
});
