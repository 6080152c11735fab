import { z } from 'zod';
import { HINT_TARGETS, HINT_TYPES } from '../rules/hints.js';
import { uuidSchema } from './common.js';

/*
 * A carrier's 'Aprendizados de correções' (ADR 0101): GET /api/transporters/{id}/hints lists them,
 * DELETE /api/transporters/{id}/hints/{hintId} removes one. Beyond the spec; pt-BR field names as the
 * rest of the carrier's data.
 */

export const carrierHintSchema = z.object({
  id: z.string(),
  tipo: z.enum(HINT_TYPES),
  alvo: z.enum(HINT_TARGETS),
  /** The label as the carrier printed it. */
  rotulo: z.string(),
  /** The unit, basis or currency it stands for; null for 'ignorar'. */
  valor: z.string().nullable(),
  /** The hint in plain pt-BR. */
  descricao: z.string(),
  /** Who made the correction it was learnt from, and when. */
  criadoPor: z.string().nullable(),
  criadoEm: z.string(),
  /** How many replies it changed, and the last time. */
  vezesAplicada: z.number(),
  ultimaAplicacao: z.string().nullable(),
  /** The correction it was learnt from: the quote and the corrected path (null once that reply is gone). */
  origem: z.object({ cotacaoId: z.string(), codigo: z.string(), campo: z.string() }).nullable(),
});
export type CarrierHint = z.infer<typeof carrierHintSchema>;

export const carrierHintParamsSchema = z.object({ id: uuidSchema, hintId: uuidSchema });
