import { extractFromFile } from './extract-file.js';
import { parseEmail } from './files/eml.js';

const html = `<html><body><p>Prezados,</p><p>Segue nossa proposta Ningbo x Santos / Itapoá:</p>
<table border="1"><tr><th>POD</th><th>20DV</th><th>40HC</th><th>THC destination</th><th>Transit</th></tr>
<tr><td>Santos</td><td>USD 1,150.00</td><td>USD 1,850.00</td><td>BRL 1,350.00 / cntr</td><td>32 days</td></tr>
<tr><td>Itapoá</td><td>USD 1,100.00</td><td>USD 1,780.00</td><td>BRL 1,250.00 / cntr</td><td>35 days</td></tr>
</table><p>BL fee USD 75,00 per BL</p><p>Att,<br>Pricing</p></body></html>`;
const eml = `From: pricing@x.com\r\nTo: a@b.com\r\nSubject: RE: Cotação\r\nMessage-ID: <h1@x.com>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`;
console.log((await parseEmail(new TextEncoder().encode(eml), 5)).text);
const r = await extractFromFile(new TextEncoder().encode(eml), 'resposta.eml', { containers: ['40HC', '20DV'] } as never);
const f = r.final;
console.log(JSON.stringify(f.destinos.map(d=>d.nome)), JSON.stringify(f.fretes.map(x=>[x.unidade,x.valor,x.moeda,x.destino])), JSON.stringify(f.taxas.itens.map(x=>[x.nome,x.valor,x.moeda,x.unidade,x.destino])));
