import { z } from 'zod';

// Built-in validation messages in Portuguese for every schema of the product (API and web).
z.config(z.locales.ptBR());
