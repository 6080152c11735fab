import { describe, expect, it } from 'vitest';
import {
  askedName,
  containerType,
  namedContainerType,
  parseContainers,
  totalContainers,
} from './containers.js';

describe('container types and quantities from text', () => {
  it.each([
    ['2 contêineres 40HC', [{ tipo: '40HC', quantidade: 2 }]],
    ["2x40'HC", [{ tipo: '40HC', quantidade: 2 }]],
    ["1 x 20'", [{ tipo: '20', quantidade: 1 }]],
    ['02 × 20DC', [{ tipo: '20DC', quantidade: 2 }]],
    ['3 containers de 40 pés', [{ tipo: '40', quantidade: 3 }]],
    ['1 cntr 40 HQ', [{ tipo: '40HC', quantidade: 1, rotulo: '40HQ' }]],
    [
      '3 x 40HC + 1 x 20DV',
      [
        { tipo: '40HC', quantidade: 3 },
        { tipo: '20DC', quantidade: 1, rotulo: '20DV' },
      ],
    ],
    [
      "2x20' + 1x40'HC",
      [
        { tipo: '20', quantidade: 2 },
        { tipo: '40HC', quantidade: 1 },
      ],
    ],
    ['40HC', [{ tipo: '40HC', quantidade: 1 }]],
    ["20' reefer", [{ tipo: '20RF', quantidade: 1 }]],
    ['2x40HC e mais 2x40HC', [{ tipo: '40HC', quantidade: 4 }]],
  ])('%s', (text, expected) => {
    expect(parseContainers(text)).toEqual(expected);
  });

  it.each([
    ['10 pallets', []],
    ['40 dias de trânsito', []],
    ['Dimensões 100x40x40 cm', []],
    ['2x400 kg', []],
    ['Peso 1.240 kg', []],
    ['', []],
  ])('reads no container in %j', (text, expected) => {
    expect(parseContainers(text)).toEqual(expected);
  });

  it.each([
    ['dois 40HC', [{ tipo: '40HC', quantidade: 2 }]],
    [
      "Duas unidades de 20' e um 40HC",
      [
        { tipo: '20', quantidade: 2 },
        { tipo: '40HC', quantidade: 1 },
      ],
    ],
    ["three containers 40' HC", [{ tipo: '40HC', quantidade: 3 }]],
    [
      '2x40HC e dois 20DV',
      [
        { tipo: '40HC', quantidade: 2 },
        { tipo: '20DC', quantidade: 2, rotulo: '20DV' },
      ],
    ],
    // Portuguese "dos" is "of the", not Spanish two.
    ['frete dos 40HC', [{ tipo: '40HC', quantidade: 1 }]],
  ])('reads quantities written as words in %j (QA pass 40c)', (text, expected) => {
    expect(parseContainers(text)).toEqual(expected);
  });

  it('takes the first line that names containers (a repeated ask is not added up)', () => {
    expect(parseContainers("Assunto: Cotação 2x20'\nCarga: 2x20' dry")).toEqual([
      { tipo: '20', quantidade: 2 },
    ]);
  });

  it('reads a freight unit as a type', () => {
    expect(containerType('40HC')).toEqual({ size: '40', kind: 'HC' });
    expect(containerType("40'HC")).toEqual({ size: '40', kind: 'HC' });
    expect(containerType('20DC')).toEqual({ size: '20', kind: 'DC' });
    expect(containerType("20'")).toEqual({ size: '20', kind: null });
    expect(containerType('45HC')).toEqual({ size: '45', kind: 'HC' });
    expect(containerType('KG')).toBeNull();
    expect(containerType('M3')).toBeNull();
    expect(containerType(null)).toBeNull();
  });

  it('counts the containers', () => {
    expect(totalContainers(parseContainers("2x20' + 1x40'HC"))).toBe(3);
    expect(totalContainers([])).toBe(0);
  });

  it("names a reply's type as the quote wrote it ('20DV', not the reading's 20DC), other types as they are", () => {
    const asked = parseContainers('3 x 40HC + 1 x 20DV');
    expect(askedName('20DC', asked)).toBe('20DV');
    expect(askedName('40HC', asked)).toBe('40HC');
    expect(askedName('40DC', asked)).toBe('40DC');
    expect(askedName("20'", asked)).toBe("20'");
    expect(askedName('20DC', parseContainers('2 x 20DC'))).toBe('20DC');
  });
});

describe('a container type at the end of a charge name (QA pass 35)', () => {
  it.each([
    ["THC 20'", "20'"],
    ["THC 40'HC", "40'HC"],
    ['Lacre (40HC)', '40HC'],
    ['ISPS 40 HC', '40HC'],
    ['THC - 20DV', '20DV'],
  ])('%s → %s', (name, type) => {
    expect(namedContainerType(name)).toBe(type);
  });

  it.each(['THC', 'BL fee', "20'", 'Taxa 40', 'Taxa 2040', 'Seguro 20%', 'Siscarga 20.00', null])(
    '%s names none',
    (name) => {
      expect(namedContainerType(name)).toBeNull();
    },
  );
});
