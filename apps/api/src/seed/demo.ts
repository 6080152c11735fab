import { sampleCompany } from '@cotacoes/shared/samples';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { empresas, users } from '../db/schema/index.js';
import { checkedTenant } from '../db/tenant.js';
import { hashPassword } from '../lib/passwords.js';
import * as carriers from '../modules/carriers/carriers.repository.js';

export const DEMO_ACCOUNT = {
  email: 'demo@cotacoes.local',
  password: 'Cotacao2026',
  name: 'Demo Desenvolvedor',
};

const DEMO_TEAM = [
  { name: 'Ana Supervisora', email: 'ana.supervisora@cotacoes.local', role: 'supervisor' as const },
  { name: 'Bruno Analista', email: 'bruno.analista@cotacoes.local', role: 'analista' as const },
];

/** Carriers and groups of the demo company, so the quotation screens have someone to write to. */
const DEMO_GROUPS = [
  { nome: 'Ásia - Marítimo', descricao: 'FCL/LCL de portos da China, Coreia e Vietnã', cor: '#0066CC' },
  { nome: 'Europa - Marítimo', descricao: 'Portos do norte da Europa e Mediterrâneo', cor: '#059669' },
  { nome: 'Aéreo', descricao: 'Cargas urgentes e amostras', cor: '#D97706' },
];
const DEMO_CARRIERS: { nome: string; emails: string[]; grupos: number[] }[] = [
  {
    nome: 'Atlântico Logística Internacional',
    emails: ['pricing@atlantico-log.com.br', 'comercial@atlantico-log.com.br'],
    grupos: [0, 1],
  },
  { nome: 'Navegação Pacífico Cargas', emails: ['cotacoes@pacificocargas.com.br'], grupos: [0] },
  { nome: 'Rota Sul Freight Forwarding', emails: ['import@rotasul.com.br'], grupos: [1] },
  { nome: 'Céu Azul Cargas Aéreas', emails: ['air@ceuazul.com.br', 'ops@ceuazul.com.br'], grupos: [2] },
  { nome: 'Maré Alta Comércio Exterior', emails: ['quotes@marealta.com.br'], grupos: [0, 2] },
];

/** Seeds an empty embedded database with a demo company and accounts; returns false when not empty. */
export async function seedDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count > 0) return false;
    const [empresa] = await tx
      .insert(empresas)
      .values({
        ...sampleCompany('Importadora Demonstração', '11222333000181'),
        codigo: 'DEMO',
        email: 'contato@importadora-demo.com.br',
        telefone: '(11) 4000-0000',
      })
      .returning();
    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    await tx.insert(users).values([
      {
        name: DEMO_ACCOUNT.name,
        email: DEMO_ACCOUNT.email,
        passwordHash,
        role: 'desenvolvedor',
        empresaId: empresa!.id,
      },
      ...DEMO_TEAM.map((member) => ({ ...member, passwordHash, empresaId: empresa!.id })),
    ]);
    const tenant = checkedTenant(empresa!.id);
    const grupoIds: string[] = [];
    for (const grupo of DEMO_GROUPS)
      grupoIds.push((await carriers.insertGrupo(tx, tenant, { ...grupo, ativo: true, createdBy: null })).id);
    const created = await carriers.insertTransportadores(
      tx,
      tenant,
      DEMO_CARRIERS.map((carrier) => ({ nome: carrier.nome, ativo: true, createdBy: null })),
    );
    await carriers.insertEmails(
      tx,
      tenant,
      DEMO_CARRIERS.flatMap((carrier, i) =>
        carrier.emails.map((email, posicao) => ({ transportadorId: created[i]!.id, email, posicao })),
      ),
    );
    await carriers.addMembers(
      tx,
      tenant,
      DEMO_CARRIERS.flatMap((carrier, i) =>
        carrier.grupos.map((g) => ({ grupoId: grupoIds[g]!, transportadorId: created[i]!.id })),
      ),
    );
    return true;
  });
}
