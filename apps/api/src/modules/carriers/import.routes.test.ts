import { deflateRawSync } from 'node:zlib';
import type { ImportPreview, Transportador } from '@cotacoes/shared';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  type Call,
  caller,
  companyWithSupervisor,
  validCnpj,
} from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { grupos, transportadores } from '../../db/schema/index.js';
import { parseCsv } from './import-file.js';

let ctx: TestContext;
let call: Call;
let a: { supervisor: Actor; empresaId: string };
let b: { supervisor: Actor; empresaId: string };
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({ CNPJ_API_URL: 'http://127.0.0.1:9/off' });
  call = caller(ctx);
  a = await companyWithSupervisor(ctx, 'sup@imp-alfa.com.br', 'Alfa', validCnpj(4001));
  b = await companyWithSupervisor(ctx, 'sup@imp-beta.com.br', 'Beta', validCnpj(4002));
});
afterAll(async () => {
  await ctx?.close();
});

function upload(
  token: string,
  filename: string,
  content: Buffer | string,
  url = '/api/transporters/import/preview',
) {
  const boundary = `----import${++address}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    remoteAddress: `10.1.${address % 250}.1`,
  });
}

function xlsx(rows: string[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Planilha1');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function carrierCount(): Promise<number> {
  return (await ctx.app.services.database.db.select().from(transportadores)).length;
}

describe('import preview and commit', () => {
  it('classifies a file mixing new, update, duplicate and bad rows, writes nothing, then commits the valid ones', async () => {
    const existing = await call('POST', '/api/transporters', a.supervisor.token, {
      nome: 'Maersk Brasil',
      email: 'pricing@maersk.com',
    });
    expect(existing.statusCode).toBe(201);
    await call('POST', '/api/groups', a.supervisor.token, { nome: 'Ásia' });
    const csv = [
      'Nome;Emails;Grupos',
      'Navegação Atlântica;comercial@atlantica.com.br, pricing@atlantica.com.br;asia',
      'Maersk do Brasil;PRICING@maersk.com;Europa',
      'Cópia Atlântica;pricing@atlantica.com.br;',
      ';sem-nome@frete.com;',
      'Sem Email;;',
      'Email Ruim;nao-e-email;',
      '',
      'CMA CGM;rates@cma-cgm.com;Europa; Ásia',
      'Extra;extra@x.com;;',
    ].join('\r\n');
    const before = await carrierCount();
    const response = await upload(a.supervisor.token, 'agentes.csv', `\uFEFF${csv}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview: ImportPreview = response.json();
    expect(await carrierCount()).toBe(before);
    expect(preview.resumo).toEqual({ total: 8, novos: 3, atualizados: 1, invalidos: 4 });
    expect(preview.gruposNovos).toEqual(['Europa']);
    const byLine = new Map(preview.linhas.map((row) => [row.linha, row]));
    expect(byLine.get(2)).toMatchObject({
      status: 'novo',
      nome: 'Navegação Atlântica',
      emails: ['comercial@atlantica.com.br', 'pricing@atlantica.com.br'],
      grupos: ['asia'],
    });
    expect(byLine.get(3)).toMatchObject({
      status: 'atualizar',
      existente: { id: existing.json().id, nome: 'Maersk Brasil' },
      emailsNovos: [],
    });
    expect(byLine.get(4)).toMatchObject({
      status: 'invalido',
      erros: ['O e-mail pricing@atlantica.com.br já aparece na linha 2.'],
    });
    expect(byLine.get(5)?.erros).toEqual(['O nome do agente de carga é obrigatório.']);
    expect(byLine.get(6)?.erros).toEqual(['Pelo menos um email deve ser fornecido']);
    expect(byLine.get(7)?.erros).toEqual(['E-mail inválido: nao-e-email']);
    expect(byLine.get(9)).toMatchObject({ status: 'novo', grupos: ['Europa', 'Ásia'] });

    const commit = await call('POST', '/api/transporters/import', a.supervisor.token, {
      linhas: preview.linhas.map(({ linha, nome, emails, grupos }) => ({ linha, nome, emails, grupos })),
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toEqual({
      message:
        'Importação concluída: 3 agente(s) de carga criado(s), 1 atualizado(s), 4 linha(s) ignorada(s).',
      criados: 3,
      atualizados: 1,
      ignorados: 4,
      gruposCriados: 1,
    });
    const list: Transportador[] = (await call('GET', '/api/transporters', a.supervisor.token)).json();
    expect(list.map((t) => t.nome)).toEqual(['CMA CGM', 'Extra', 'Maersk do Brasil', 'Navegação Atlântica']);
    expect(list.find((t) => t.nome === 'CMA CGM')?.grupos.map((g) => g.nome)).toEqual(['Ásia', 'Europa']);
    expect(list.find((t) => t.nome === 'Navegação Atlântica')?.grupos.map((g) => g.nome)).toEqual(['Ásia']);
    expect(list.find((t) => t.nome === 'Maersk do Brasil')?.grupos.map((g) => g.nome)).toEqual(['Europa']);
    // Company B saw nothing of it.
    expect((await call('GET', '/api/transporters', b.supervisor.token)).json()).toEqual([]);
  });

  it('counts the rows the page left out as invalid among the ignored (QA pass 40a)', async () => {
    const csv = [
      'Nome;Emails;Grupos',
      'Oceano Azul;rates@oceanoazul.com;',
      'Erro;erro@fwd;',
      'Sem Email;;',
    ].join('\r\n');
    const preview: ImportPreview = (await upload(a.supervisor.token, 'parcial.csv', csv)).json();
    expect(preview.resumo).toMatchObject({ novos: 1, invalidos: 2 });
    const valid = preview.linhas.filter((row) => row.status !== 'invalido');
    const commit = await call('POST', '/api/transporters/import', a.supervisor.token, {
      linhas: valid.map(({ linha, nome, emails, grupos }) => ({ linha, nome, emails, grupos })),
      ignoradas: preview.linhas.length - valid.length,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({
      message:
        'Importação concluída: 1 agente(s) de carga criado(s), 0 atualizado(s), 2 linha(s) ignorada(s).',
      ignorados: 2,
    });
  });

  it('an update adds the new addresses after the existing ones and re-importing the same file changes nothing new', async () => {
    await call('POST', '/api/transporters', a.supervisor.token, { nome: 'Hapag', email: 'a@hapag.com' });
    const file = 'Nome,E-mails\nHapag-Lloyd,"b@hapag.com;a@hapag.com"\n';
    const preview: ImportPreview = (await upload(a.supervisor.token, 'h.csv', file)).json();
    expect(preview.linhas[0]).toMatchObject({ status: 'atualizar', emailsNovos: ['b@hapag.com'] });
    const lines = preview.linhas.map(({ linha, nome, emails, grupos }) => ({ linha, nome, emails, grupos }));
    await call('POST', '/api/transporters/import', a.supervisor.token, { linhas: lines });
    const [hapag] = (await call('GET', '/api/transporters?search=hapag', a.supervisor.token)).json();
    expect(hapag).toMatchObject({ nome: 'Hapag-Lloyd', email: 'a@hapag.com;b@hapag.com' });
    const again = await call('POST', '/api/transporters/import', a.supervisor.token, { linhas: lines });
    expect(again.json()).toMatchObject({ criados: 0, atualizados: 1 });
    const [same] = (await call('GET', '/api/transporters?search=hapag', a.supervisor.token)).json();
    expect(same.email).toBe('a@hapag.com;b@hapag.com');
  });

  it('flags a row whose e-mails belong to two different carriers', async () => {
    await call('POST', '/api/transporters', a.supervisor.token, { nome: 'Um', email: 'x@um.com' });
    await call('POST', '/api/transporters', a.supervisor.token, { nome: 'Dois', email: 'x@dois.com' });
    // Unquoted "x@um.com;x@dois.com" in a ';' CSV spills into an extra cell: it still belongs to the e-mails.
    const spilled: ImportPreview = (
      await upload(a.supervisor.token, 'x.csv', 'nome;email\nJunta;x@um.com;x@dois.com\n')
    ).json();
    expect(spilled.linhas[0]?.emails).toEqual(['x@um.com', 'x@dois.com']);
    const merged: ImportPreview = (
      await upload(a.supervisor.token, 'x.csv', 'nome;email\nJunta;"x@um.com, x@dois.com"\n')
    ).json();
    expect(merged.linhas[0]).toMatchObject({
      status: 'invalido',
      erros: ['Os e-mails pertencem a agentes de carga diferentes: "Um" e "Dois".'],
    });
  });

  it('unquoted addresses before the groups column are addresses, not a group (QA pass 19)', async () => {
    const preview: ImportPreview = (
      await upload(
        a.supervisor.token,
        'x.csv',
        'Nome;Emails;Grupos\nTransportes Beta QA;beta@beta-qa.com.br; ops@beta-qa.com.br;Aéreo\n',
      )
    ).json();
    expect(preview.linhas[0]).toMatchObject({
      emails: ['beta@beta-qa.com.br', 'ops@beta-qa.com.br'],
      grupos: ['Aéreo'],
    });
    expect(preview.gruposNovos).not.toContain('ops@beta-qa.com.br');
  });

  it('one carrier per name: an existing name, or a name twice in the file, is refused on its row (QA pass 19)', async () => {
    await call('POST', '/api/transporters', a.supervisor.token, {
      nome: 'Navegação Pacífico QA',
      email: 'pricing@pacifico-qa.com.br',
    });
    const preview: ImportPreview = (
      await upload(
        a.supervisor.token,
        'x.csv',
        [
          'Nome;Emails',
          'NAVEGACAO PACIFICO QA;novo@pacifico-qa2.com.br',
          'Navegação Pacífico QA;pricing@pacifico-qa.com.br;comercial@pacifico-qa.com.br',
          'Oceânica Trading QA;a@oceanica-qa.com.br',
          'Oceanica Trading QA;b@oceanica-qa.com.br',
        ].join('\n'),
      )
    ).json();
    expect(preview.linhas.map((row) => row.status)).toEqual(['invalido', 'atualizar', 'novo', 'invalido']);
    expect(preview.linhas[0]!.erros).toEqual([
      'Já existe um agente de carga chamado "Navegação Pacífico QA". Para atualizá-lo, inclua nesta linha um e-mail dele; para outro contato da mesma empresa, adicione o e-mail a ele.',
    ]);
    expect(preview.linhas[3]!.erros).toEqual(['O nome "Oceanica Trading QA" já aparece na linha 4.']);
  });

  it('imports a real-looking XLSX of 200 carriers with several e-mail columns', async () => {
    const grupoNomes = ['Ásia', 'Europa', 'Américas', 'Oriente Médio'];
    const rows = [['Agente de Carga', 'E-mail 1', 'E-mail 2', 'Grupos', 'Observações']];
    for (let i = 1; i <= 200; i++) {
      const n = String(i).padStart(3, '0');
      rows.push([
        `Transportes Marítimos ${n} Ltda`,
        `comercial${n}@agente${n}.com.br`,
        i % 3 === 0 ? `pricing${n}@agente${n}.com.br` : '',
        `${grupoNomes[i % 4]}; ${grupoNomes[(i + 1) % 4]}`,
        'Contato preferencial por e-mail',
      ]);
    }
    const empresa = await companyWithSupervisor(ctx, 'sup@imp-gama.com.br', 'Gama', validCnpj(4003));
    const response = await upload(empresa.supervisor.token, 'agentes.xlsx', xlsx(rows));
    expect(response.statusCode, response.body).toBe(200);
    const preview: ImportPreview = response.json();
    expect(preview.resumo).toEqual({ total: 200, novos: 200, atualizados: 0, invalidos: 0 });
    expect(preview.gruposNovos.sort()).toEqual(['Américas', 'Europa', 'Oriente Médio', 'Ásia']);
    expect(preview.linhas[2]?.emails).toEqual([
      'comercial003@agente003.com.br',
      'pricing003@agente003.com.br',
    ]);
    const commit = await call('POST', '/api/transporters/import', empresa.supervisor.token, {
      linhas: preview.linhas.map(({ linha, nome, emails, grupos }) => ({ linha, nome, emails, grupos })),
    });
    expect(commit.json()).toMatchObject({ criados: 200, gruposCriados: 4 });
    const page = (await call('GET', '/api/transporters?page=1&limit=50', empresa.supervisor.token)).json();
    expect(page).toMatchObject({ total: 200, totalPages: 4 });
    const groupList = (await call('GET', '/api/groups', empresa.supervisor.token)).json();
    expect(groupList.map((g: { transportadores: unknown[] }) => g.transportadores.length)).toEqual([
      100, 100, 100, 100,
    ]);
  });

  it('reads a Windows-1252 CSV as Excel in pt-BR saves it', async () => {
    const latin1 = Buffer.from('Nome;Email\r\nLogística São João;sj@frete.com\r\n', 'latin1');
    const preview: ImportPreview = (await upload(a.supervisor.token, 'excel.csv', latin1)).json();
    expect(preview.linhas[0]?.nome).toBe('Logística São João');
  });

  it('rejects bad files with a clear message and writes nothing', async () => {
    const before = await carrierCount();
    const cases: [string, Buffer | string, number, string][] = [
      ['doc.pdf', '%PDF-1.7\n1 0 obj\n', 415, 'Tipo de arquivo inválido. Envie um arquivo CSV ou XLSX.'],
      [
        'bin.csv',
        Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]),
        415,
        'Tipo de arquivo inválido. Envie um arquivo CSV ou XLSX.',
      ],
      [
        'sem-titulos.csv',
        'Fulano;fulano@x.com\n',
        400,
        'Não encontramos as colunas de nome e e-mail. A primeira linha deve ter os títulos "Nome", "E-mails" e, se quiser, "Grupos".',
      ],
      ['vazio.csv', 'Nome;Email\n\n\n', 400, 'O arquivo não tem linhas de agentes de carga.'],
      ['truncado.xlsx', xlsx([['Nome', 'Email']]).subarray(0, 200), 400, 'Planilha inválida ou corrompida'],
      [
        'grande.csv',
        `Nome;Email\n${'x;y@z.com\n'.repeat(600_000)}`,
        413,
        'O arquivo excede o tamanho máximo de 5 MB.',
      ],
      [
        'muitas.csv',
        `Nome;Email\n${Array.from({ length: 5_001 }, (_, i) => `A${i};a${i}@x.com`).join('\n')}`,
        400,
        'O arquivo tem mais de 5000 linhas. Divida-o em arquivos menores.',
      ],
    ];
    for (const [name, content, status, message] of cases) {
      const response = await upload(a.supervisor.token, name, content);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json().message, name).toContain(message);
    }
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/transporters/import/preview',
      headers: { authorization: `Bearer ${a.supervisor.token}` },
      payload: { x: 1 },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Envie um arquivo CSV ou XLSX.');
    expect(await carrierCount()).toBe(before);
  });

  it('refuses a zip bomb disguised as .xlsx before inflating it', async () => {
    // One entry declaring 1 KB that inflates to 50 MB.
    const data = deflateRawSync(Buffer.alloc(50 * 1024 * 1024));
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(1024, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(1024, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const centralOffset = 30 + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(centralOffset, 16);
    const bomb = Buffer.concat([local, name, data, central, name, end]);
    const response = await upload(a.supervisor.token, 'bomba.xlsx', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Planilha inválida ou corrompida');
  });

  it('the commit checks rows again: nothing valid answers 400 and writes nothing', async () => {
    const before = await carrierCount();
    const response = await call('POST', '/api/transporters/import', a.supervisor.token, {
      linhas: [{ linha: 2, nome: '', emails: ['x@y.com'], grupos: [] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Nenhuma linha válida para importar.');
    expect(await carrierCount()).toBe(before);
    const groupsBefore = (await ctx.app.services.database.db.select().from(grupos)).length;
    await call('POST', '/api/transporters/import', a.supervisor.token, {
      linhas: [{ linha: 2, nome: '', emails: ['x@y.com'], grupos: ['Grupo Fantasma'] }],
    });
    expect((await ctx.app.services.database.db.select().from(grupos)).length).toBe(groupsBefore);
  });
});

describe('export', () => {
  it('exports CSV and XLSX with the import columns, formulas neutralised, and the export imports back', async () => {
    const empresa = await companyWithSupervisor(ctx, 'sup@exp.com.br', 'Exp', validCnpj(4004));
    const token = empresa.supervisor.token;
    const grupo = (await call('POST', '/api/groups', token, { nome: 'Europa' })).json();
    await call('POST', '/api/transporters', token, {
      nome: '=HYPERLINK("http://mal")',
      email: 'mal@x.com',
      grupos: [grupo.id],
    });
    await call('POST', '/api/transporters', token, { nome: 'Navegação Sul', email: 'a@sul.com;b@sul.com' });
    const csv = await call('GET', '/api/transporters/export?format=csv', token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="agentes-de-carga-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows.slice(0, 3)).toEqual([
      ['Nome', 'E-mails', 'Grupos', 'Status'],
      [`'=HYPERLINK("http://mal")`, 'mal@x.com', 'Europa', 'Ativo'],
      ['Navegação Sul', 'a@sul.com;b@sul.com', '', 'Ativo'],
    ]);
    const filtered = await call('GET', `/api/transporters/export?format=csv&grupos=${grupo.id}`, token);
    expect(parseCsv(filtered.body.replace(/^\uFEFF/, '')).filter((r) => r.length > 1)).toHaveLength(2);

    const file = await call('GET', '/api/transporters/export', token);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' });
    const data = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(data[2]).toEqual(['Navegação Sul', 'a@sul.com;b@sul.com', '', 'Ativo']);
    // Round trip: importing the export into another company creates the same carriers.
    const other = await companyWithSupervisor(ctx, 'sup@exp2.com.br', 'Exp2', validCnpj(4005));
    const preview: ImportPreview = (
      await upload(other.supervisor.token, 'export.xlsx', file.rawPayload)
    ).json();
    expect(preview.resumo).toMatchObject({ novos: 2, invalidos: 0 });
    expect(preview.linhas.map((row) => row.emails)).toEqual([['mal@x.com'], ['a@sul.com', 'b@sul.com']]);
  });
});

describe('export of formula-like names (S9)', () => {
  it('writes every cell that starts like a formula neutralised, read back from the XLSX and the CSV', async () => {
    const empresa = await companyWithSupervisor(ctx, 'sup@formula.com.br', 'Formula', validCnpj(4006));
    const token = empresa.supervisor.token;
    const names = ["=cmd|' /C calc'!A0", '+SUM(1,2)', '-2+3', '@SUM(1)', '=HYPERLINK("http://mal","x")'];
    for (const [i, nome] of names.entries()) {
      const created = await call('POST', '/api/transporters', token, { nome, email: `f${i}@formula.com` });
      expect(created.statusCode, created.body).toBe(201);
    }
    const file = await call('GET', '/api/transporters/export', token);
    const workbook = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    const formulas = Object.entries(sheet).filter(([address, cell]) => !address.startsWith('!') && cell.f);
    expect(formulas).toEqual([]);
    const data = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    const written = data.slice(1).map((row) => row[0]);
    expect(written.sort()).toEqual(names.map((name) => `'${name}`).sort());

    const csv = parseCsv((await call('GET', '/api/transporters/export?format=csv', token)).body.slice(1));
    expect(
      csv
        .slice(1)
        .filter((row) => row.length > 1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(names.map((name) => `'${name}`).sort());
  });
});
