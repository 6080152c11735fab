import { sizeMessage } from '@cotacoes/shared/rules/size-messages';
import { z } from 'zod';

/**
 * The web's forms say sizes in plain pt-BR, as the API does (QA pass 43b: the wizard showed zod's English
 * "Too big: expected array to have <=200 items"). Installed by the screens whose forms check with shared
 * schemas (the wizard, 'Registrar resposta'), not at /login (P3's budget); once loaded it holds everywhere.
 */
z.config({ customError: (issue) => sizeMessage(issue) });
