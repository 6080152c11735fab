/*
 * Sample data written once for the demo seed, the API tests and the browser tests: a valid CNPJ, a
 * company's onboarding profile, a quote request, carrier answers and the smallest PDF that opens. Pure
 * (no imports), so the browser tests can import it without pulling the API. Import it as
 * '@cotacoes/shared/samples'; it is not part of the package's main entry.
 */

/** A valid numeric CNPJ made from any number (its 12-digit base, with the two check digits computed). */
export function validCnpj(seed: number): string {
  const base = String(seed).padStart(12, '0').slice(-12);
  const digit = (value: string, weights: number[]) => {
    const sum = weights.reduce((total, weight, i) => total + Number(value[i]) * weight, 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit(base + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

let cnpjCounter = 0;
/** A valid CNPJ different on every call in this process (each company needs its own). */
export function uniqueCnpj(): string {
  cnpjCounter += 1;
  return validCnpj(Number(`${Date.now() % 1e8}${String(cnpjCounter % 10_000).padStart(4, '0')}`));
}

/** The onboarding body of a company named `nome` (POST /api/empresas/onboarding). */
export function sampleCompany(
  nome: string,
  cnpj: string = uniqueCnpj(),
): { nome: string; cnpj: string; razaoSocial: string; endereco: string } {
  return {
    nome,
    cnpj,
    razaoSocial: `${nome} Ltda`,
    endereco: 'Av. Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100',
  };
}

/** Three carriers with one address each, for a quote to write to. */
export const SAMPLE_CARRIERS: readonly { nome: string; email: string }[] = [
  { nome: 'Atlântica Cargas', email: 'pricing@atlantica-cargas.com.br' },
  { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-log.com.br' },
  { nome: 'Rota Sul Agenciamento', email: 'import@rotasul-ag.com.br' },
];

/**
 * A quote request (POST /api/quotes): FCL, 2 × 40HC of machine parts, Shanghai → Santos, FOB, answers due
 * in 7 days, sent by e-mail to `carrierIds` one message per carrier. `fields` replace the defaults.
 */
export function sampleQuoteRequest(
  carrierIds: string[],
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    nomeSolicitante: 'Analista de Importação',
    referenciaProcesso: 'IMP-001',
    tipoFrete: 'FCL',
    prazoResposta: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    metodoEnvio: 'EMAIL',
    modoEnvio: 'individual',
    idiomaEmail: 'pt',
    origem: 'Shanghai, CN',
    destino: 'Santos, BR',
    incoterm: 'FOB',
    tempoTransito: '35 dias',
    cargaPerigosa: false,
    itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }],
    destinatarios: { transportadores: carrierIds, grupos: [] },
    ...fields,
  };
}

/** The smallest PDF that opens (one blank page): uploads must open, not only start with `%PDF-`. */
export const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const money = (value: number) => value.toLocaleString('pt-BR', { minimumFractionDigits: 2 });

/** A typical pt-BR carrier answer with freight per container, fees, transit, free time and validity. */
export function typicalAnswer(options: { frete40?: number; frete20?: number; thc?: number } = {}): string {
  return [
    'Prezados, boa tarde.',
    '',
    'Segue nossa proposta para Shanghai x Santos:',
    '',
    `Frete marítimo 20DC: USD ${money(options.frete20 ?? 1850)}`,
    `Frete marítimo 40HC: USD ${money(options.frete40 ?? 2950)}`,
    `THC destino: BRL ${money(options.thc ?? 1450)} por contêiner`,
    'BL fee: USD 75,00 por BL',
    'Transit time: 32 dias',
    'Free time: 14 dias no destino',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Equipe de Pricing',
  ].join('\n');
}

/** A two-destination answer (the engine gives each freight line its port). */
export function twoDestinationAnswer(santos = 3400, itapoa = 3500): string {
  return [
    'Prezados,',
    '',
    "Frete marítimo por 40'HC:",
    `Santos: USD ${money(santos)}`,
    `Itapoá: USD ${money(itapoa)}`,
    '',
    'Taxas por BL:',
    'BL fee USD 80,00',
    'THC Santos: R$ 1.600,00',
    'THC Itapoá: R$ 1.600,00',
    '',
    'Transit time: 30 dias',
  ].join('\n');
}
