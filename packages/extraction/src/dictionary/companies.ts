/** Legal forms dropped from company names (normalised form). */
export const LEGAL_SUFFIXES: readonly string[] = [
  'ltda', 'ltd', 'limited', 'sa', 's a', 's a s', 'sas', 's l', 'sl', 'srl', 's r l', 'llc', 'l l c', 'inc', 'corp',
  'corporation', 'co', 'company', 'gmbh', 'ag', 'pvt', 'pvt ltd', 'private limited', 'eireli', 'me', 'epp', 'bv', 'b v',
  'nv', 'pte', 'pte ltd', 'llp', 'plc', 'sarl', 'spa', 's p a', 'oy', 'ab', 'as', 'kg', 'co ltd', 'sociedad anonima',
];

/** Words typical of forwarder and carrier names. */
export const COMPANY_WORDS: readonly string[] = [
  'logistica', 'logisticas', 'logistics', 'logistic', 'log', 'cargo', 'cargas', 'carga', 'freight', 'shipping', 'trade',
  'trading', 'comex', 'transportes', 'transporte', 'transport', 'transportation', 'transitarios', 'transitario',
  'forwarding', 'forwarders', 'forwarder', 'international', 'internacional', 'internacionales', 'agenciamento',
  'global', 'express', 'marine', 'maritime', 'maritima', 'aduaneira', 'despachos', 'comercio exterior', 'solutions',
  'solucoes', 'services', 'servicos', 'worldwide', 'group', 'grupo', 'lines', 'line', 'agency', 'agencia', 'consolidadora',
  'multimodal', 'supply chain', 'navegacao', 'naviera',
];

/** Department and job words seen in signatures; a signature line made of these is not the company. */
export const DEPARTMENT_WORDS: readonly string[] = [
  'pricing', 'importacao', 'exportacao', 'import', 'export', 'sales', 'comercial', 'departamento', 'department', 'dept',
  'overseas', 'customer service', 'operacoes', 'operations', 'executive', 'executivo', 'executiva', 'manager', 'gerente',
  'analista', 'analyst', 'coordinator', 'coordenador', 'coordenadora', 'representative', 'director', 'diretor', 'diretora',
  'supervisor', 'assistant', 'assistente', 'atendimento', 'maritimo', 'aereo', 'air freight export', 'air freight import',
  'ocean', 'team', 'equipe', 'desk', 'key account', 'account', 'consultor', 'consultora', 'vendas', 'ventas',
];

/** Title words of quote documents; a top line made of these is not the company. */
export const DOCUMENT_TITLE_WORDS: readonly string[] = [
  'proposta', 'cotacao', 'quotation', 'quote', 'offer', 'oferta', 'tabela', 'rate', 'rates', 'tarifa', 'tarifas',
  'cotizacion', 'propuesta', 'planilha', 'sheet', 'frete', 'freight', 'comercial', 'importacao', 'pag', 'page', 'pagina',
];
