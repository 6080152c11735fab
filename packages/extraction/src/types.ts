import type { OcrOptions } from './files/ocr.js';
export type SourceKind = 'email' | 'pdf' | 'excel';
export type Language = 'pt' | 'en' | 'es';
export type Modal = 'FCL' | 'LCL' | 'AEREO' | 'RODOVIARIO';
export type Currency = 'USD' | 'EUR' | 'BRL' | 'GBP' | 'CNY';
export type NumberFormat = 'BR' | 'US' | 'MIXED' | 'UNKNOWN';
export type DateOrder = 'DMY' | 'MDY';
export type ContainerUnit = '20DC' | '40DC' | '40HC' | '45HC' | '20RF' | '40RF' | '20OT' | '40OT' | '40FR';
/** A container size without its kind, as a spreadsheet's column names it ("40'"). */
export type ContainerSizeLabel = "20'" | "40'" | "45'";
/**
 * `TON`: per metric tonne, only beside a price per m³ of the same freight when the greater of the two is
 * charged ("USD 38.00 per cbm / USD 55.00 per ton, whichever is greater"; see `FreightItem.oQueForMaior`). A
 * price per ton alone is read as W/M.
 */
export type FreightUnit = ContainerUnit | 'KG' | 'M3' | 'WM' | 'TON' | 'VIAGEM' | 'BL';
/** `TON`: per metric tonne of gross weight ("USD 25,00/ton", "por tonelada"). */
export type FeeUnit = 'CNTR' | 'BL' | 'KG' | 'TON' | 'M3' | 'WM' | 'PROCESSO' | 'VIAGEM' | 'PERCENT';
export type FileKind =
  | 'txt'
  | 'eml'
  | 'msg'
  | 'pdf'
  | 'xlsx'
  | 'xls'
  | 'docx'
  | 'csv'
  | 'image'
  | 'zip'
  | 'unknown';

/** Where a value came from: the 1-based line of the analysed text, and the cell when it came from a table. */
export type SourceRef = {
  line: number;
  text: string;
  cell?: string;
  /** 'body', 'quoted' (an older message the newest one refers to), 'subject', 'llm' or 'attachment:<name>'. */
  origin: string;
};

export type Evidence = {
  confidence: number;
  /** Confidence below 0.5: the analyst should check this value. */
  needsReview?: boolean;
  source: SourceRef | null;
  /** How the value was found, e.g. 'label', 'table', 'inline', 'route', 'signature', 'default'. */
  method: string;
};

export type FreightItem = {
  /** The label as printed (the line's label or the column title), when the rules read one. */
  rotulo?: string;
  destino: string | null;
  /**
   * The port of loading the line names with its destination ("POL Ningbo / POD Santos: …", "Shanghai x
   * Itajaí: …", a table's origin column), when it names one. Optional: results stored before it lack it.
   */
  origem?: string;
  unidade: FreightUnit;
  valor: number;
  moeda: Currency;
  minimo: number | null;
  /**
   * Of an air rate per kg (`unidade` 'KG') read from a weight-break list, table or column: the lower bound in
   * kg of the weight band it prices, so the comparison prices the band of the chargeable weight. '-45',
   * '<45', 'N' (normal), 'até 45', 'up to 45' → 0; '+45', '>45', '45+', 'Q45', 'mais de 45', 'over 45',
   * '45-99' → 45; '+100' → 100 … A rate applies from its bound up to the next band's. Set only when every
   * rate of that list has a distinct known band; absent on other rates (container, LCL, a single air
   * rate) and on results stored before it. Two bands at the same rate are two items.
   */
  faixaKg?: number;
  /**
   * Of LCL prices per m³ and per ton of which the greater is charged ("USD 38.00 per cbm / USD 55.00 per
   * ton, whichever is greater, min 2 cbm"): the same key on each of them (one item `M3`, one `TON`). The
   * freight is the greater of their amounts (m³ × the m³ price, tonnes × the ton price), each raised to its
   * `minimo` (the same on both: "min 2 cbm" is 2 × the m³ price); they are never added. Absent otherwise.
   */
  oQueForMaior?: string;
  confidence: number;
  /** Confidence below 0.5: the analyst should check this value. */
  needsReview?: boolean;
  source: SourceRef;
  /** What correction hints changed in this value (only when hints were given and one applied). */
  dicas?: HintEffect[];
};

export type FeeItem = {
  /** Canonical short name (THC, BL FEE ...) or the printed acronym/label. */
  nome: string;
  /** The label as printed. */
  rotulo: string;
  destino: string | null;
  unidade: FeeUnit;
  valor: number;
  moeda: Currency;
  /** A minimum amount of the charge ("Seguro 0,3% min USD 50"), when the reply states one. */
  minimo?: number;
  /**
   * The container type a per-container fee is quoted for ("THC 20DV R$ 1.100 / 40HC R$ 1.450"), or its
   * size alone ("40'": a column for every 40' container, dry or high cube).
   */
  equipamento?: ContainerUnit | ContainerSizeLabel;
  /**
   * 'origem' for a charge of the port of loading ("Origin THC USD 150", a THC under "ORIGIN CHARGES"): the
   * comparison tells it from the destination's charge of the same name. Absent otherwise.
   */
  lado?: 'origem';
  confidence: number;
  /** Confidence below 0.5: the analyst should check this value. */
  needsReview?: boolean;
  source: SourceRef;
  /** What correction hints changed in this value (only when hints were given and one applied). */
  dicas?: HintEffect[];
};

export type PlaceRef = {
  nome: string;
  codigo: string | null;
  pais: string | null;
};

export type DestinationSummary = {
  nome: string;
  valorFreteUSD: number | null;
  valorFreteBRL: number | null;
  valorFreteEUR: number | null;
  /** Transit and free time of this destination when the reply gives them per destination (issue 30). */
  transit_time_dias?: number;
  free_time_dias?: number;
  /** The line each of those was read from ("Ver de onde veio" of that port's row). */
  transit_source?: SourceRef;
  free_source?: SourceRef;
  /** The offer's validity for this destination (ISO date) when the reply gives one per destination. */
  validade?: string;
  validade_source?: SourceRef;
};

/** The transit of one port of loading when a reply prices several and gives each its own (QA pass 37). */
export type OriginSummary = { nome: string; transit_time_dias: number; transit_source: SourceRef };

export type FinalData = {
  transportador: string | null;
  armador: string | null;
  modal: Modal | null;
  /** Currency of the freight lines. */
  moeda: Currency | null;
  incoterm: string | null;
  origem: string | null;
  portoOrigem: string | null;
  porto_destino: PlaceRef[];
  destinos: DestinationSummary[];
  /** Each port of loading's transit, when the reply prices several and says each (absent otherwise). */
  origens?: OriginSummary[];
  portoTransbordo: string | null;
  rota: string | null;
  /** Longest transit time in days (the conservative figure); min and max below. */
  transit_time_dias: number | null;
  transit_time_min_dias: number | null;
  transit_time_max_dias: number | null;
  free_time_destino_dias: number | null;
  /**
   * 'combinado' when that free time is of demurrage and detention together ("14 days combined", "14 dias
   * combinados (demurrage + detention)"); absent otherwise and from results stored before it.
   */
  free_time_tipo?: 'combinado';
  /**
   * Chargeable (taxable) weight in kg the forwarder states ("Peso taxável: 200 kg", "chargeable weight 200
   * kgs"), null when it states none; never the gross weight alone. Optional: results stored before it
   * existed lack it.
   */
  peso_taxavel_kg?: number | null;
  /** Last day the rates are valid, ISO YYYY-MM-DD. */
  validadeProposta: string | null;
  frete: { tipo: FreightUnit; valor: number; moeda: Currency } | null;
  fretes: FreightItem[];
  preco_por_container_20: number | null;
  preco_por_container_40: number | null;
  preco_por_kg: number | null;
  preco_por_m3: number | null;
  preco_minimo: number | null;
  tipoContainer: string | null;
  quantidadeContainer: number | null;
  volumeCarga: string | null;
  condicoesPagamento: string | null;
  taxas: { itens: FeeItem[] };
  confidence_overall: number;
  /** Provenance and confidence of every scalar field above, by field name. */
  evidence: Record<string, Evidence>;
  /** Why the confidence is low, when it is. */
  reason: string | null;
  /** Charges left out because a correction hint says their label is not a charge (only when one was). */
  ignoradosPorDica?: HintIgnored[];
  /**
   * The line where the newest message says the rest of the carrier's previous offer still applies
   * ("Demais condições sem alteração", "other terms remain unchanged"); only when it says so.
   */
  condicoesMantidas?: SourceRef;
  /**
   * The values read from quoted text ('quoted') are the carrier's own earlier offer, quoted below a reply
   * that says it still applies: the comparison prefers that offer as the analyst corrected it (QA pass 32).
   * Absent when the quoted message is the importer's (an agreed asked price) or nothing was read from it.
   */
  ofertaAnteriorCitada?: true;
  /**
   * Charges the reply says are not in its price and leaves unpriced ("Taxas de terminal por conta do
   * importador", "THC not included"), by canonical name with the line; absent when it says none.
   */
  taxasNaoIncluidas?: Array<{ nome: string; source: SourceRef }>;
};

export type DetectResult = {
  source: SourceKind;
  fileKind: FileKind;
  language: Language;
  modal: Modal | null;
  numberFormat: NumberFormat;
  currencies: Currency[];
  /** Date of the message or document (ISO), used for yearless and relative validity. */
  messageDate: string | null;
  dateOrder: DateOrder;
  confidence: { source: number; language: number; modal: number };
  reasons: string[];
};

export type BlockKind =
  | 'header'
  | 'body'
  | 'freight'
  | 'origin_charges'
  | 'destination_charges'
  | 'charges'
  | 'conditions'
  | 'table'
  | 'per_destination_table'
  | 'alternative'
  | 'alternative_discarded'
  | 'signature'
  | 'quoted_history'
  | 'attachment';

export type Block = {
  kind: BlockKind;
  startLine: number;
  endLine: number;
  title: string | null;
  origin: string;
  lines: string[];
  /** Of an option (`alternative` or `alternative_discarded`): whether the reply itself recommends it. */
  recomendada?: boolean;
};

/**
 * What the engine answers. The one definition of the extraction result: the shared wire schema
 * (`extractionResultSchema` in packages/shared, loose objects with wider types) accepts it as it is, which the
 * API's use of it without a cast checks at compile time. Written as type aliases, not interfaces, so the
 * result is assignable to those loose objects (interfaces have no implicit index signature).
 */
export type ExtractionResult = {
  detect: DetectResult;
  blocks: Block[];
  final: FinalData;
};

export interface LlmOptions {
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1 */
  baseUrl: string;
  model?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Fields with a confidence below this are offered to the model. */
  minConfidence?: number;
}

export interface ExtractTextOptions {
  messageDate?: Date;
  sourceHint?: SourceKind;
  /** What an analyst's corrections of this carrier's earlier replies taught (ADR 0101); applied only where they match. */
  hints?: readonly ExtractionHint[];
  /**
   * The container types the quote asks ('40HC', "20'", '2 x 40HC'), when the reply answers a known quote: a
   * freight line that names no type is for the quote's only type, and one "por contêiner" for each type
   * asked (a revision writes "frete USD 1.900 por contêiner" without repeating the type).
   */
  containers?: readonly string[];
  /**
   * The destination ports the quote asks, as the quote writes them ('Santos, BR', 'Itapoá, BR'), when the
   * reply answers a known quote: what "mesmo valor para ambos os portos" or "Santos sem espaço" refers to,
   * instead of only the reply's subject or the importer's quoted request, and the ports a price line may
   * name ("Frete 40HC Maceió: …"), also those the engine's dictionary does not know.
   */
  destinations?: readonly string[];
  /**
   * The code of the quote the reply answers ('COT-2026-0011'): a message answering two quotes at once
   * ("COT-2026-0010: USD 2.010 / COT-2026-0011: USD 2.020") is read only where it speaks of this one.
   */
  quoteCode?: string;
}

/**
 * A habit of one carrier learnt from an analyst's correction (ADR 0101): the charges printed with `rotulo`
 * (a line's label or a column title, compared without case, accents, punctuation and parentheses) are
 * freight or fees (`alvo`) whose unit or basis (`unidade`) or currency (`moeda`) is `valor` when the reply
 * does not say, or are not charges at all (`ignorar`).
 */
export interface ExtractionHint {
  id: string;
  tipo: 'unidade' | 'moeda' | 'ignorar';
  alvo: 'frete' | 'taxa';
  rotulo: string;
  /** A FreightUnit (alvo 'frete') or FeeUnit ('taxa') for 'unidade', a Currency for 'moeda', null for 'ignorar'. */
  valor: string | null;
}

/** A value a hint set: which hint, which attribute, and what the rules alone would have given. */
export type HintEffect = {
  id: string;
  campo: 'unidade' | 'moeda';
  antes: string | null;
};

/** A charge an 'ignorar' hint left out, with where it was read. */
export type HintIgnored = {
  id: string;
  alvo: 'frete' | 'taxa';
  rotulo: string;
  valor: number;
  moeda: Currency | null;
  source: SourceRef;
};

export interface FileLimits {
  maxBytes: number;
  maxZipEntries: number;
  maxUncompressedBytes: number;
  /** Pages of a PDF read (the rest is left unread). */
  maxPdfPages: number;
  maxAttachments: number;
  /** Bytes a PDF's text reading may decode; past it the file is refused (FileLimitError). */
  maxDecodedBytes: number;
  /** Pieces of positioned text read from a PDF; past it the file is refused. */
  maxTextItems: number;
  /** Characters read from a PDF; past it the file is refused. */
  maxTextChars: number;
}

export interface ExtractFileOptions extends ExtractTextOptions {
  limits?: Partial<FileLimits>;
  llm?: LlmOptions;
  /** OCR of images and scanned PDFs with the `tesseract` program (default on; `false` turns it off). */
  ocr?: OcrOptions | false;
}
