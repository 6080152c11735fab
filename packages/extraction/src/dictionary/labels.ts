/**
 * Label dictionaries in pt/en/es, in normalised form (lower case, no accents, single spaces).
 * Field labels are recognised when followed by a separator (":" "=" ".:" a tab or a column gap);
 * numeric fields (transit, free time, validity, incoterm) also inline ("TT 38 dias").
 */
export type FieldName =
  | 'origin'
  | 'destination'
  | 'carrier'
  | 'transshipment'
  | 'routing'
  | 'transit'
  | 'freeTime'
  | 'validity'
  | 'incoterm'
  | 'payment'
  | 'company'
  | 'service'
  | 'equipment'
  | 'documentDate';

export const FIELD_LABELS: Record<FieldName, readonly string[]> = {
  origin: [
    'origem', 'origin', 'origen', 'pol', 'port of loading', 'porto de embarque', 'porto de origem', 'porto origem',
    'puerto de carga', 'puerto de embarque', 'puerto de origen', 'aeroporto de origem', 'aeropuerto de origen',
    'airport of departure', 'departure airport', 'origin airport', 'loading port', 'port of origin', 'place of loading',
    'local de embarque', 'ciudad de origen', 'cidade de origem', 'aoo', 'aod', 'from port', 'embarque',
  ],
  destination: [
    'destino', 'destinos', 'destination', 'destinations', 'pod', 'pods', 'port of discharge', 'porto de descarga',
    'porto de destino', 'portos de destino', 'porto destino', 'puerto de destino', 'puertos de destino', 'puerto de descarga',
    'aeroporto de destino', 'aeropuerto de destino', 'airport of destination', 'destination airport', 'discharge port',
    'port of destination', 'final destination', 'ciudad de destino', 'cidade de destino', 'descarga',
  ],
  carrier: [
    'armador', 'carrier', 'shipping line', 'naviera', 'linea naviera', 'airline', 'cia aerea', 'companhia aerea',
    'linea aerea', 'aerolinea', 'ocean carrier', 'vessel operator', 'shipping company', 'cia maritima', 'companhia maritima',
  ],
  transshipment: [
    'transbordo', 'transshipment', 'transhipment', 't s', 'transshipment port', 'porto de transbordo', 'puerto de transbordo',
    'conexao', 'connection', 'escala', 'via',
  ],
  routing: ['routing', 'rota', 'ruta', 'route', 'roteiro'],
  transit: [
    'transit time', 'tt', 't t', 'tempo de transito', 'prazo de transito', 'tiempo de transito', 'transit', 'tempo de viagem',
    'transit time estimado', 'tiempo de viaje', 'prazo de entrega', 'lead time',
  ],
  freeTime: [
    'free time', 'free days', 'dias livres', 'dias libres', 'free time destino', 'free time de demurrage', 'demurrage free time',
    'free time at pod', 'free days at destination', 'tiempo libre', 'free time no destino', 'dias de free time',
  ],
  validity: [
    'validade', 'validity', 'validez', 'valid', 'valida', 'valido', 'valid until', 'valid till', 'valid through', 'rates valid',
    'quote valid', 'vigencia', 'validade da tarifa', 'validade da proposta', 'validez de la oferta', 'offer valid',
    'validade da cotacao', 'tarifa valida', 'rate validity', 'valid from',
  ],
  incoterm: ['incoterm', 'incoterms', 'term', 'terms', 'condicao', 'condicion', 'termo', 'shipping terms', 'trade term', 'basis'],
  payment: [
    'pagamento', 'payment', 'payment terms', 'forma de pago', 'condicoes de pagamento', 'condicao de pagamento',
    'condiciones de pago', 'forma de pagamento', 'terms of payment', 'pago', 'condiciones de pagos', 'prazo de pagamento',
  ],
  company: [
    'agente', 'offered by', 'preparado por', 'prepared by', 'company', 'empresa', 'forwarder', 'agent', 'emitido por',
    'issued by', 'quoted by', 'cotado por', 'freight forwarder', 'transportador', 'transportadora',
  ],
  service: ['modalidade', 'modal', 'service', 'servico', 'servicio', 'mode', 'tipo de servico', 'tipo de frete', 'modo'],
  equipment: ['equipamento', 'equipment', 'equipo', 'container', 'conteiner', 'tipo de container', 'container type'],
  documentDate: ['data', 'date', 'fecha', 'emissao', 'issue date', 'issued', 'data de emissao', 'fecha de emision', 'sent', 'enviado em'],
};

/** Charges that are never extracted: totals, cargo values, per-diem and on-request charges, exchange rules. */
export const IGNORED_CHARGE_LABELS: readonly string[] = [
  'total', 'totals', 'subtotal', 'sub total', 'grand total', 'totais', 'soma', 'valor total', 'importe total',
  'valor da mercadoria', 'valor fob', 'fob value', 'cargo value', 'valor da carga', 'valor de la mercancia', 'invoice value',
  'valor da fatura', 'valor cif', 'cif value', 'orcamento', 'budget', 'target', 'target rate', 'preco alvo',
  'demurrage', 'detention', 'sobrestadia', 'sobreestadia', 'estadia', 'per diem', 'correcao', 'correction', 'amendment',
  'alteracao', 'retificacao', 'waiting', 'waiting time', 'tempo de espera', 'espera', 'cambio', 'ptax', 'exchange',
  'taxa de cambio', 'spread',
];

/** Words before an amount that mark it as a superseded value ("EUR 1.090,00 (antes EUR 1.190,00)"). */
export const SUPERSEDED_MARKERS: readonly string[] = [
  'antes', 'previous', 'previously', 'anterior', 'old rate', 'was', 'em vez de', 'instead of', 'en lugar de', 'de antes',
];

/** Words on a charge line that make it conditional or eventual. */
export const CONDITIONAL_MARKERS: readonly string[] = [
  'quando solicitad', 'quando aplicavel', 'se aplicavel', 'se necessario', 'se houver', 'caso seja', 'caso necessario',
  'eventual', 'if applicable', 'if required', 'if any', 'if needed', 'upon request', 'on request', 'when requested',
  'mediante solicitacao', 'sob demanda', 'si aplica', 'en caso de', 'cuando se solicite', 'si corresponde', 'opcional',
  'optional', 'if requested', 'where applicable',
];

/** Words that mark a charge as included, waived or without a value. */
export const INCLUDED_MARKERS: readonly string[] = [
  'included', 'incluso', 'inclusa', 'inclusos', 'incluido', 'incluida', 'incluidos', 'incl', 'all in', 'nao incluso',
  'not included', 'no incluido', 'n a', 'isento', 'waived', 'free of charge', 'gratis', 'sob consulta', 'a consultar',
  'conforme tabela', 'as per tariff', 'as per carrier tariff', 'a confirmar', 'tba', 'tbc', 'por conta do cliente',
];

/** Labels of base freight. */
export const FREIGHT_LABELS: readonly string[] = [
  'frete', 'fretes', 'freight', 'flete', 'fletes', 'o f', 'ofr', 'of rate', 'ocean freight', 'sea freight', 'seafreight',
  'air freight', 'airfreight', 'frete maritimo', 'frete aereo', 'frete internacional', 'frete rodoviario', 'flete maritimo',
  'flete aereo', 'flete terrestre', 'flete internacional', 'rate', 'rates', 'tarifa', 'tarifas', 'all in', 'all in rate',
  'basic freight', 'frete basico', 'base rate', 'basic rate', 'ocean rate', 'air rate', 'a f', 'road freight', 'truck rate',
  'frete basico maritimo', 'net freight', 'frete all in', 'precio', 'preco', 'price',
];

/** Words in section headings. */
export const CHARGE_HEADING_WORDS: readonly string[] = [
  'taxas', 'taxa', 'despesas', 'gastos', 'charges', 'charge', 'cargos', 'custos', 'costs', 'fees', 'surcharges', 'adicionais',
  'encargos', 'recargos', 'local charges', 'other charges', 'outras taxas', 'tarifas locais', 'servicos', 'services',
];
export const ORIGIN_WORDS: readonly string[] = ['origem', 'origin', 'origen', 'export', 'exportacao', 'exportacion', 'pol', 'embarque'];
export const DESTINATION_WORDS: readonly string[] = [
  'destino', 'destination', 'pod', 'import', 'importacao', 'importacion', 'brasil', 'brazil', 'locais', 'local', 'locales',
];
export const CONDITION_HEADING_WORDS: readonly string[] = [
  'condicoes', 'condicoes gerais', 'conditions', 'general conditions', 'terms and conditions', 'observacoes', 'observacao',
  'obs', 'notes', 'note', 'remarks', 'condiciones', 'notas', 'importante', 'important', 'termos',
];

/** Phrases in the newest message saying that the previous proposal still applies. */
export const STILL_APPLIES_MARKERS: readonly string[] = [
  'permanecem as mesmas', 'permanecem os mesmos', 'permanecem iguais', 'permanecem inalterad', 'continuam as mesmas',
  'seguem as mesmas', 'mantidas', 'mantidos', 'mantem se', 'se mantem', 'sem alteracao', 'sem alteracoes', 'same as before',
  'same as previous', 'same as below', 'remain the same', 'remain unchanged', 'unchanged', 'no change', 'sin cambios',
  'se mantienen', 'siguen igual', 'conforme proposta anterior', 'conforme cotacao anterior', 'iguais a proposta anterior',
  'other conditions', 'demais condicoes', 'as per previous', 'as previously quoted', 'igual a la anterior',
];

/** Alternative offers. */
export const ALTERNATIVE_WORDS: readonly string[] = ['opcao', 'option', 'opcion', 'alternativa', 'alternative', 'oferta', 'offer'];
export const RECOMMENDED_MARKERS: readonly string[] = [
  'recomendad', 'recommended', 'recomendamos', 'recommend', 'sugerid', 'suggested', 'melhor opcao', 'best option',
  'preferred', 'preferida', 'indicad', 'mejor opcion',
];
export const SHARED_BY_ALTERNATIVES_MARKERS: readonly string[] = [
  'para as duas opcoes', 'para ambas', 'para todas', 'for both', 'for all options', 'both options', 'all options',
  'comum as', 'common to', 'ambas as opcoes', 'todas as opcoes', 'para ambas opciones', 'para las dos opciones',
  'para las opciones', 'valid for all', 'nas duas opcoes',
];

/** Closing lines that start a signature. */
export const CLOSING_PHRASES: readonly string[] = [
  'att', 'atenciosamente', 'abs', 'abraco', 'abracos', 'cordialmente', 'saludos', 'saludos cordiales', 'un saludo',
  'best regards', 'kind regards', 'regards', 'thanks & regards', 'thanks regards', 'thanks and regards', 'thank you', 'obrigado', 'obrigada',
  'grato', 'grata', 'sincerely', 'cheers', 'br', 'mit freundlichen grussen', 'atte', 'cumprimentos', 'warm regards',
  'best', 'muchas gracias', 'gracias', 'many thanks', 'thanks', 'att ', 'um abraco', 'saludos atentos',
];
