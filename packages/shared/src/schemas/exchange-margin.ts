import { z } from 'zod';
import { fieldMessages } from '../messages/index.js';

/* A leaf module: the decisions' schemas use the margin too, and the comparison's schemas import theirs. */

/** Spec 001 §9: default exchange margin, percent over the PTAX rate, range 0–100, step 0.1. */
export const DEFAULT_EXCHANGE_MARGIN = 2.5;

export const exchangeMarginSchema = z.preprocess(
  // An empty field or null is not 0 %: refused like any other non-number.
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? Number.NaN : value),
  z.coerce
    .number({ error: fieldMessages.exchangeMarginInvalid })
    .min(0, fieldMessages.exchangeMarginInvalid)
    .max(100, fieldMessages.exchangeMarginInvalid)
    .refine((value) => Math.abs(Math.round(value * 10) - value * 10) < 1e-9, {
      error: fieldMessages.exchangeMarginInvalid,
    }),
);
