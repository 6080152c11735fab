import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './eml.js';

const MB = 1024 * 1024;

function cpuMsOf(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('htmlToPlainText', () => {
  it('turns block ends into lines and cells into tabs, drops scripts, styles and the head', () => {
    const html = [
      '<html><head><title>x</title></head><body>',
      '<STYLE>p{color:red}</STYLE><script>alert(1)</script>',
      '<p>Frete &amp; taxas</p>',
      '<table><tr><td>40HC</td><th>USD 2.950</th></tr></table>',
      'linha<br/>  quebrada <BR> fim &lt;ok&gt; &#65;&nbsp;&quot;x&quot;',
      '</body></html>',
    ].join('');
    expect(htmlToPlainText(html)).toBe(
      '   Frete & taxas\n40HC\tUSD 2.950\n\nlinha\nquebrada\nfim <ok> A "x"',
    );
  });

  it('a line break in the markup is a space: a table written over several lines keeps one line per row', () => {
    const html = [
      '<table>',
      '  <tr><th>POD</th><th>40HC</th></tr>',
      '  <tr>',
      '    <td>Santos</td>',
      '    <td>USD 1,850.00</td>',
      '  </tr>',
      '</table>',
      '<p>BL fee\nUSD 75,00</p>',
    ].join('\n');
    const lines = htmlToPlainText(html)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    expect(lines).toEqual(['POD\t40HC', 'Santos\tUSD 1,850.00', 'BL fee USD 75,00']);
    // A text body labelled HTML, without a block tag: its own line breaks are its lines.
    expect(htmlToPlainText('Frete 40HC USD 1.850,00\nTHC R$ 1.350,00')).toBe(
      'Frete 40HC USD 1.850,00\nTHC R$ 1.350,00',
    );
  });

  it('keeps a lone < and an unclosed script as text, as before', () => {
    expect(htmlToPlainText('a < b')).toBe('a < b');
    expect(htmlToPlainText('a < b <> c')).toBe('a  c');
    expect(htmlToPlainText('<script>x <b>y</b>')).toBe('x y');
  });

  it('reads 1 MB of unclosed tags, unclosed scripts and blanks in linear time', () => {
    for (const html of [
      '<'.repeat(MB),
      '<script'.repeat(MB / 7),
      '<a'.repeat(MB / 2),
      `${' '.repeat(MB)}x`,
      `<p>${'\t '.repeat(MB / 2)}</p>`,
    ])
      expect(cpuMsOf(() => htmlToPlainText(html))).toBeLessThan(2_000);
  });
});
