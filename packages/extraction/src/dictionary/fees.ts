import type { FeeUnit } from '../types.js';

export interface FeeDefinition {
  /** Canonical short name, as in the corpus annotation rules. */
  name: string;
  /** Labels in normalised form (lower case, no accents, words separated by one space). */
  labels: readonly string[];
  /** Basis used when the quote states none: BL for document fees, PROCESSO for everything else. */
  defaultUnit: FeeUnit;
}

const DOCUMENT: FeeUnit = 'BL';
const SHIPMENT: FeeUnit = 'PROCESSO';

/**
 * Fee-name normalisation. A label maps to the entry whose label phrase is the longest match inside it,
 * so "terminal handling" (THC) wins over "handling" and "liberacao do bl" (BL FEE) over "liberacao".
 */
export const FEES: readonly FeeDefinition[] = [
  {
    name: 'THC',
    labels: [
      'thc', 'othc', 'dthc', 'thd', 'terminal handling', 'terminal handling charge', 'terminal charge',
      'terminal charges', 'terminal fee', 'capatazia', 'capatazias', 'thc capatazia', 'movimentacao portuaria',
      'gastos de terminal', 'manipulacion portuaria', 'thc origem', 'thc destino', 'thc origen',
    ],
    defaultUnit: SHIPMENT,
  },
  {
    name: 'BL FEE',
    labels: [
      'bl fee', 'b l fee', 'bl fees', 'taxa de bl', 'taxa do bl', 'taxa bl', 'liberacao de bl', 'liberacao do bl',
      'liberacao bl', 'ocean bl', 'bl release', 'bl', 'b l', 'mbl fee', 'hbl fee', 'bl charge', 'cargo release bl',
    ],
    defaultUnit: DOCUMENT,
  },
  {
    name: 'DOC FEE',
    labels: [
      'doc fee', 'doc fees', 'docs', 'doc', 'documentation', 'documentation fee', 'documentation fees',
      'document fee', 'documentos', 'documentacao', 'taxa de documentacao', 'documentacion', 'gastos de documentacion',
      'emissao de bl', 'emissao do bl', 'emissao bl', 'emision de bl', 'emision del bl', 'emision bl', 'bl issuance',
      'bl issue', 'issuance of bl', 'crt', 'mic', 'mic dta', 'emissao de crt', 'emision de crt', 'doc charge',
    ],
    defaultUnit: DOCUMENT,
  },
  {
    name: 'AWB FEE',
    labels: ['awb fee', 'awb', 'emissao de awb', 'emissao do awb', 'emision de awb', 'awb issuance', 'mawb fee', 'hawb fee'],
    defaultUnit: DOCUMENT,
  },
  { name: 'ISPS', labels: ['isps', 'isps code', 'isps fee', 'taxa isps'], defaultUnit: SHIPMENT },
  {
    name: 'DESCONSOLIDACAO',
    labels: [
      'desconsolidacao', 'deconsolidation', 'desconsolidacion', 'de consolidation', 'devanning', 'taxa de desconsolidacao',
      'unstuffing', 'desova',
    ],
    defaultUnit: DOCUMENT,
  },
  {
    name: 'HANDLING',
    labels: ['handling', 'handling fee', 'handling charge', 'manuseio', 'manipulacion', 'taxa de manuseio', 'handling charges'],
    defaultUnit: SHIPMENT,
  },
  {
    name: 'SISCARGA',
    labels: ['siscarga', 'siscomex carga', 'mercante', 'ce mercante', 'mercante siscarga', 'taxa siscarga', 'siscarga fee'],
    defaultUnit: DOCUMENT,
  },
  {
    name: 'LIBERACAO',
    labels: ['liberacao', 'taxa de liberacao', 'release fee', 'release', 'cargo release', 'liberacion', 'delivery order', 'desbloqueio'],
    defaultUnit: SHIPMENT,
  },
  { name: 'SEGURO', labels: ['seguro', 'insurance', 'seguro de carga', 'cargo insurance', 'ad valorem', 'seguro internacional'], defaultUnit: SHIPMENT },
  { name: 'IOF', labels: ['iof'], defaultUnit: SHIPMENT },
  { name: 'GRIS', labels: ['gris', 'gerenciamento de risco', 'gerenciamento de riscos', 'risk management'], defaultUnit: SHIPMENT },
  { name: 'PEDAGIO', labels: ['pedagio', 'toll', 'tolls', 'peaje', 'peajes'], defaultUnit: SHIPMENT },
  { name: 'COLLECT FEE', labels: ['collect fee', 'collect charge', 'taxa de collect', 'taxa collect', 'cc fee'], defaultUnit: SHIPMENT },
  {
    name: 'FSC',
    labels: ['fsc', 'fuel surcharge', 'fuel', 'myc', 'combustivel', 'sobretaxa de combustivel', 'recargo de combustible', 'fuel charge'],
    defaultUnit: SHIPMENT,
  },
  {
    name: 'SSC',
    labels: ['ssc', 'security surcharge', 'security', 'security fee', 'taxa de seguranca', 'sobretaxa de seguranca', 'recargo de seguridad', 'seguranca'],
    defaultUnit: SHIPMENT,
  },
  { name: 'SCREENING', labels: ['screening', 'x ray', 'xray', 'raio x', 'rayos x', 'inspecao de seguranca'], defaultUnit: SHIPMENT },
  {
    name: 'PICKUP',
    labels: [
      'pickup', 'pick up', 'pick up charge', 'coleta', 'recogida', 'recoleccion', 'pre carriage', 'precarriage', 'trucking',
      'inland haulage', 'haulage', 'inland', 'collection', 'frete de coleta', 'transporte ate o porto', 'acarreo',
    ],
    defaultUnit: SHIPMENT,
  },
  { name: 'ENTREGA', labels: ['entrega', 'delivery', 'door delivery', 'on carriage', 'oncarriage', 'distribuicao', 'entrega domiciliar'], defaultUnit: SHIPMENT },
  {
    name: 'EXPORT CLEARANCE',
    labels: [
      'export clearance', 'export customs clearance', 'export customs', 'export declaration', 'export customs declaration',
      'despacho de exportacao', 'despacho de exportacion', 'desembaraco de exportacao', 'customs export', 'export filing',
    ],
    defaultUnit: SHIPMENT,
  },
  {
    name: 'DESPACHO',
    labels: [
      'despacho', 'despacho aduaneiro', 'despacho en frontera', 'despacho de importacao', 'customs clearance', 'customs brokerage',
      'customs', 'desembaraco', 'desembaraco aduaneiro', 'import clearance', 'despachante', 'agenciamento aduaneiro', 'aduana',
      'customs declaration', 'honorarios de despacho',
    ],
    defaultUnit: SHIPMENT,
  },
  { name: 'BAF', labels: ['baf', 'bunker', 'bunker adjustment', 'bunker surcharge', 'bunker adjustment factor'], defaultUnit: SHIPMENT },
  { name: 'LSS', labels: ['lss', 'low sulphur', 'low sulfur', 'low sulphur surcharge', 'low sulfur surcharge', 'imo 2020'], defaultUnit: SHIPMENT },
  { name: 'PSS', labels: ['pss', 'peak season', 'peak season surcharge'], defaultUnit: SHIPMENT },
  { name: 'GRI', labels: ['gri', 'general rate increase'], defaultUnit: SHIPMENT },
  { name: 'EBS', labels: ['ebs', 'emergency bunker', 'emergency bunker surcharge'], defaultUnit: SHIPMENT },
  { name: 'CAF', labels: ['caf', 'currency adjustment', 'currency adjustment factor'], defaultUnit: SHIPMENT },
  { name: 'ETS', labels: ['ets', 'eu ets', 'emission surcharge', 'emissions trading'], defaultUnit: SHIPMENT },
  { name: 'CIC', labels: ['cic', 'container imbalance', 'equipment imbalance', 'imbalance surcharge'], defaultUnit: SHIPMENT },
  { name: 'PCS', labels: ['pcs', 'port congestion', 'congestion surcharge', 'congestion'], defaultUnit: SHIPMENT },
  { name: 'LACRE', labels: ['lacre', 'seal', 'seal fee', 'precinto', 'sello', 'taxa de lacre'], defaultUnit: SHIPMENT },
  { name: 'VGM', labels: ['vgm', 'vgm filing', 'vgm fee', 'verified gross mass'], defaultUnit: SHIPMENT },
  { name: 'CFS', labels: ['cfs', 'cfs charge', 'cfs charges', 'cfs fee', 'origin cfs', 'origin cfs charge', 'cfs receiving'], defaultUnit: SHIPMENT },
  { name: 'LCL FEE', labels: ['lcl fee', 'lcl service', 'lcl charge', 'taxa lcl'], defaultUnit: SHIPMENT },
  {
    name: 'TRANSBORDO',
    labels: ['transhipment', 'transshipment', 'transhipment charges', 'transshipment charges', 'transhipment fee', 'transbordo', 'taxa de transbordo'],
    defaultUnit: SHIPMENT,
  },
  { name: 'ARMAZENAGEM', labels: ['armazenagem', 'storage', 'almacenaje', 'armazem'], defaultUnit: SHIPMENT },
  { name: 'ADMIN FEE', labels: ['admin fee', 'admin', 'administrative fee', 'taxa administrativa', 'administration fee', 'gastos administrativos'], defaultUnit: SHIPMENT },
  { name: 'LOGISTIC FEE', labels: ['logistic fee', 'logistics fee', 'equipment management', 'taxa logistica', 'equipment management fee'], defaultUnit: SHIPMENT },
  { name: 'LIMPEZA', labels: ['limpeza', 'cleaning', 'container cleaning', 'limpieza', 'lavagem', 'limpeza de container'], defaultUnit: SHIPMENT },
  { name: 'COURIER', labels: ['courier', 'courier fee', 'envio de documentos', 'document courier'], defaultUnit: SHIPMENT },
  { name: 'ENS', labels: ['ens', 'ens filing', 'entry summary declaration'], defaultUnit: SHIPMENT },
  { name: 'AMS', labels: ['ams', 'ams filing'], defaultUnit: SHIPMENT },
  { name: 'AES', labels: ['aes', 'aes filing'], defaultUnit: SHIPMENT },
  { name: 'TELEX RELEASE', labels: ['telex release', 'telex', 'telex fee', 'express release', 'seaway bill fee'], defaultUnit: SHIPMENT },
];

/** Canonical names whose default basis is the bill of lading when none is stated. */
export const DOCUMENT_FEES = new Set(FEES.filter((f) => f.defaultUnit === DOCUMENT).map((f) => f.name));
