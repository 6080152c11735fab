import { describe, expect, it } from 'vitest';
import { prepareText } from '../blocks/lines.js';
import { segment } from '../blocks/segment.js';
import { detectFileKind } from '../files/file-kind.js';
import { detectLanguage } from './language.js';
import { detectModal } from './modal.js';
import { detectSource } from './source.js';

function sourceOf(text: string) {
  const prepared = prepareText(text);
  return detectSource(
    prepared.lines,
    segment(prepared.lines).headerEnd > 0,
    prepared.pageBreaks,
    prepared.delimiter,
  ).source;
}

describe('detection', () => {
  it('tells e-mail, PDF text and flattened sheets apart', () => {
    expect(sourceOf('Subject: Cotação\nFrom: a@b.com\n\nSegue.')).toBe('email');
    expect(sourceOf('PROPOSTA\fPágina 2 de 2')).toBe('pdf');
    expect(sourceOf('POL;POD;20DC\nShanghai;Santos;2000\nNingbo;Santos;2100\nQingdao;Santos;2200')).toBe(
      'excel',
    );
  });

  it('detects the language of the reply', () => {
    expect(detectLanguage('Segue nossa cotação, validade até 30/11. Atenciosamente').language).toBe('pt');
    expect(detectLanguage('Please find our best rates below. Best regards').language).toBe('en');
    expect(detectLanguage('Les cotizamos el flete marítimo con la naviera. Saludos cordiales').language).toBe(
      'es',
    );
  });

  it('detects the mode from freight units first, then words', () => {
    expect(detectModal('Frete', ['KG'], null).modal).toBe('AEREO');
    expect(detectModal('cotação LCL consolidado', [], null).modal).toBe('LCL');
    expect(detectModal('caminhão completo, CRT', ['VIAGEM'], null).modal).toBe('RODOVIARIO');
    expect(detectModal('2x40HC contêiner', ['40HC'], null).modal).toBe('FCL');
  });

  it('detects file types by content, not by name', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(detectFileKind(bytes('%PDF-1.4\n...'), 'quote.txt')).toBe('pdf');
    expect(detectFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'quote.pdf')).toBe('xlsx');
    expect(detectFileKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'x.csv')).toBe(
      'xls',
    );
    expect(
      detectFileKind(
        bytes('MIME-Version: 1.0\nFrom: a@b.com\nSubject: x\nContent-Type: text/plain\n\nhi'),
        'x.txt',
      ),
    ).toBe('eml');
    expect(detectFileKind(bytes('POL;POD\nA;B'), 'rates.csv')).toBe('csv');
    expect(detectFileKind(new Uint8Array([0, 1, 2, 3, 255, 0, 0, 7]), 'x.txt')).toBe('unknown');
  });
});
