import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brasilApiFixture,
  type FakeCnpjServer,
  startFakeCnpjServer,
} from '../../../test/fakes/cnpj-server.js';
import { AppError } from '../../lib/errors.js';
import { CnpjService, joinAddress, mapCnpjBody } from './cnpj.service.js';

const logger = pino({ level: 'silent' });
let fake: FakeCnpjServer;
beforeAll(async () => {
  fake = await startFakeCnpjServer();
});
afterAll(async () => {
  await fake?.close();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('CNPJ service', () => {
  it("maps the service's 400 (invalid number) to 'CNPJ não encontrado', like its 404", async () => {
    const service = new CnpjService(fake.url, 500, logger);
    const invalid = await failure(service.lookup('123'));
    expect(invalid).toMatchObject({ code: 'CNPJ_NOT_FOUND', status: 404 });
    expect(fake.requests.at(-1)).toBe('/api/cnpj/v1/123');
  });

  it("answers 503 'Falha ao consultar CNPJ' when nothing listens at the configured address", async () => {
    const service = new CnpjService('http://127.0.0.1:9/api/cnpj/v1', 500, logger);
    const error = await failure(service.lookup('19131243000197'));
    expect(error).toMatchObject({
      code: 'CNPJ_LOOKUP_FAILED',
      status: 503,
      userMessage: 'Falha ao consultar CNPJ',
    });
  });

  it('does not cache failures: the next look-up calls again', async () => {
    const service = new CnpjService(fake.url, 300, logger);
    fake.mode = 'error';
    expect((await failure(service.lookup('33683111000280'))).status).toBe(502);
    fake.mode = 'ok';
    expect((await service.lookup('33683111000280')).uf).toBe('DF');
  });

  it('reads the alternative field names leniently (nome, estado, cidade)', () => {
    const mapped = mapCnpjBody(
      { cnpj: '11.222.333/0001-81', nome: 'EMPRESA X', estado: 'RJ', cidade: 'NITEROI', cep: '24020-000' },
      '11222333000181',
    );
    expect(mapped).toMatchObject({
      razao_social: 'EMPRESA X',
      cnpj: '11222333000181',
      uf: 'RJ',
      municipio: 'NITEROI',
      cep: '24020000',
      nome_fantasia: '',
      endereco: 'NITEROI, RJ, 24020-000',
    });
  });

  it('joins the SERPRO branch address of the contract fixture', () => {
    const body = brasilApiFixture().success.minhareceita_docs_33683111000280_filial_serpro!.body;
    expect(joinAddress(body)).toBe('AVENIDA L2 SGAN, 601, MODULO G, ASA NORTE, BRASILIA, DF, 70836-900');
  });
});
