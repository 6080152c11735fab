import type { User } from '@cotacoes/shared/schemas/auth';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Ana Souza',
    email: 'ana@importadora.com.br',
    role: 'usuario',
    empresaId: 'e-1',
    receiveEmailCopy: false,
    ...overrides,
  };
}

export const publicConfig = {
  googleEnabled: false,
  microsoftEnabled: false,
  mailTransport: 'local',
  mailboxEnabled: true,
  supportEmail: 'suporte@cotacoes.local',
} as const;
