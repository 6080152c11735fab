import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { empresas, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

export const DEMO_ACCOUNT = {
  email: 'demo@cotacoes.local',
  password: 'Cotacao2026',
  name: 'Demo Desenvolvedor',
};

const DEMO_TEAM = [
  { name: 'Ana Supervisora', email: 'ana.supervisora@cotacoes.local', role: 'supervisor' as const },
  { name: 'Bruno Analista', email: 'bruno.analista@cotacoes.local', role: 'analista' as const },
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
        nome: 'Importadora Demonstração',
        codigo: 'DEMO',
        cnpj: '11222333000181',
        razaoSocial: 'Importadora Demonstração Ltda',
        email: 'contato@importadora-demo.com.br',
        telefone: '(11) 4000-0000',
        endereco: 'Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100',
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
    return true;
  });
}
