import { z } from 'zod';
import { sizeMessage } from './rules/size-messages.js';

// Built-in validation messages in Portuguese for every schema of the product (API and web).
z.config(z.locales.ptBR());
// Sizes in plain pt-BR (rules/size-messages.ts); the web installs the same (lib/zod-messages.ts).
z.config({ customError: (issue) => sizeMessage(issue) });
