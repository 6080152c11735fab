import { z } from 'zod';
import { fieldMessages } from '../messages/index.js';

/*
 * The company's extraction settings (issue 32 item 3, ADR 0100 addendum): the optional AI pass. Wire names
 * are ours (English, like the table), except `servidorConfigurado`/`modelo`, what the settings page shows.
 */

/** GET/PUT /empresas/my-company/extraction. The server's endpoint URL and key are never answered. */
export const extractionSettingsSchema = z.object({
  /** The company turned the AI pass on (off by default). */
  llmEnabled: z.boolean(),
  /** The server has EXTRACTION_LLM_URL, _MODEL and _API_KEY: without them nothing is ever sent. */
  servidorConfigurado: z.boolean(),
  /** The model the server is set to use, when it is configured. */
  modelo: z.string().nullable(),
});
export type ExtractionSettings = z.infer<typeof extractionSettingsSchema>;

export const extractionSettingsBodySchema = z.strictObject({
  llmEnabled: z.boolean({ error: fieldMessages.extractionFlagInvalid }),
});
export type ExtractionSettingsBody = z.infer<typeof extractionSettingsBodySchema>;
