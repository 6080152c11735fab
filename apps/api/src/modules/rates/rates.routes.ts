import { ratesResponseSchema } from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.js';
import type { RatesService } from './rates.service.js';

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  app.get(
    '/rates',
    { config: { access: access.user }, schema: { tags: ['rates'], response: { 200: ratesResponseSchema } } },
    async () => rates.getRates(),
  );
};
