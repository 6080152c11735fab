import { previewOf, splitQuoted } from './conversation-text';

describe('quoted text of a reply', () => {
  it('cuts at a Gmail attribution in Portuguese, even when wrapped', () => {
    const text = [
      'Bom dia,',
      'segue a proposta: USD 2.350 por 40HC.',
      '',
      'Em qui., 5 de mar. de 2026 às 10:00, Ana Souza <ana@importadora.com.br>',
      'escreveu:',
      '> Prezados, solicitamos cotação.',
    ].join('\r\n');
    expect(splitQuoted(text)).toEqual({
      body: 'Bom dia,\nsegue a proposta: USD 2.350 por 40HC.',
      quoted:
        'Em qui., 5 de mar. de 2026 às 10:00, Ana Souza <ana@importadora.com.br>\nescreveu:\n> Prezados, solicitamos cotação.',
    });
  });

  it('cuts at an Outlook header block and at an English attribution', () => {
    const outlook =
      'Valores em anexo.\n\nDe: Ana Souza\nEnviado: quinta-feira\nPara: Agente\nAssunto: Cotação';
    expect(splitQuoted(outlook).body).toBe('Valores em anexo.');
    expect(splitQuoted(outlook).quoted).toMatch(/^De: Ana Souza/);
    expect(splitQuoted('Rate attached.\nOn Thu, Mar 5, 2026 Ana wrote:\n> hi').body).toBe('Rate attached.');
    expect(splitQuoted('-----Original Message-----\nFrom: x').body).toBe('');
  });

  it('keeps a message with no quote whole, and a line that only mentions "De:" in the text', () => {
    expect(splitQuoted('De: Santos\nPara: Miami\nFrete USD 100')).toEqual({
      body: 'De: Santos\nPara: Miami\nFrete USD 100',
      quoted: '',
    });
  });

  it('previews 100 characters of what the sender wrote, on one line', () => {
    const long = `${'Proposta '.repeat(20)}\n> citado`;
    const preview = previewOf(long);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(101);
    expect(preview).not.toContain('citado');
    expect(previewOf('Linha 1\n\n  Linha 2')).toBe('Linha 1 Linha 2');
  });
});
