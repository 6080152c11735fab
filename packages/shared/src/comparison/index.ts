/*
 * The comparison rules (spec 001 §5 fee rules, §9 constants) as pure functions and data, used by the API
 * (GET /quotes/{id}/comparison), the screens and the comparative documents alike. ADR 0017.
 */

export { pricedApartPorts, suggestedFreightUnits } from './answer-units.js';
export {
  askedDestinations,
  destinationsOf,
  fileContainersOf,
  MISSING_ITEMS,
  type MissingItem,
  missingFreightOf,
  missingItemLabels,
  missingItems,
  missingItemsText,
  type QuoteAsked,
  type QuoteForAsk,
  quoteAskedFrom,
  revisionMessageFor,
  transitDays,
} from './asked.js';
export {
  buildComparison,
  type ComparisonInput,
  type ComparisonResponse,
  type ComparisonVersion,
  FALLBACK_PROGRESS_TOTAL,
  LOW_CONFIDENCE,
  MISSING_TRANSIT_DAYS,
  sortComparisonRows,
} from './build.js';
export {
  type ContainerAsk,
  type ContainerKind,
  type ContainerSize,
  type ContainerType,
  containerType,
  parseContainers,
  totalContainers,
} from './containers.js';
export { type FeeCurrency, feeCurrency, hasEuroAmounts, summedCurrency } from './currency.js';
export * as decimal from './decimal.js';
export { isDeclined, statesAPrice, withDeclineMark } from './declined.js';
export { type CheapestEstimate, estimateItemsText, estimateNoteText } from './estimate-text.js';
export {
  evaluateFees,
  type FeeDecision,
  type FeeEvaluation,
  type FeeExclusion,
  type FeeLineInput,
  type FeeScope,
  feeLineValue,
  IOF_LIMIT,
  isIofLine,
  isTotalLine,
} from './fees.js';
export {
  countFreight,
  type FreightCount,
  type FreightLine,
  type FreightScope,
  freightLinesOf,
} from './freight.js';
export {
  isCompleteRow,
  type LaneId,
  type LanePlaces,
  type LaneRowPoint,
  laneDelta,
  laneOf,
  lanePointsOfRow,
  laneUnit,
} from './lanes.js';
export { isNoDestination, normalizeName, normalizePlace, rowOfDestination, samePlace } from './names.js';
export {
  AIR_CM3_PER_KG,
  type ChargeQuantity,
  chargeAmount,
  chargeableWeightKg,
  chargeQuantity,
  parseGoodsValue,
  parseMeasureNumber,
  parseVolumeM3,
  parseWeightKg,
  type QuantityBasis,
  quoteMeasuresFrom,
  revenueTonnes,
  type ShipmentMeasures,
} from './quantities.js';
export { type ChargeForText, chargeLineText, moneyText } from './quantity-text.js';
export { DEFAULT_ROAD_COSTS, type RoadCostEntry, roadCost, roadCostEntry } from './road-costs.js';
export {
  addDays,
  type CostParts,
  exchangeRateInfo,
  FALLBACK_EUR_RATE,
  FALLBACK_USD_RATE,
  fallbackEurPtax,
  fallbackPtax,
  type PtaxQuote,
  type PtaxRate,
  todayInSaoPaulo,
  totalCosts,
} from './totals.js';
export {
  askedTransitDays,
  proposalWarnings,
  type QuoteLimits,
  withProposalWarnings,
} from './warnings.js';
