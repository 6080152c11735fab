import { describe, expect, it } from 'vitest';
import { actorOfUser } from './actor.js';

describe('actorOfUser', () => {
  it("confines the actor to the user's company and names both in every audit row", () => {
    const actor = actorOfUser(
      { id: 'u1', empresaId: 'e1', role: 'analista' },
      // A caller's meta cannot name another user or company: the audit row is the actor's.
      { requestId: 'r1', ip: '10.0.0.1', userId: 'someone-else', empresaId: 'e2' },
    );
    expect(actor.tenant.empresaId).toBe('e1');
    expect(actor.userId).toBe('u1');
    expect(actor.role).toBe('analista');
    expect(actor.meta).toEqual({ requestId: 'r1', ip: '10.0.0.1', userId: 'u1', empresaId: 'e1' });
  });

  it('refuses a user without a company (EMPRESA_REQUIRED), like tenantOfUser', () => {
    expect(() => actorOfUser({ id: 'u1', empresaId: null, role: 'desenvolvedor' })).toThrow(
      expect.objectContaining({ code: 'EMPRESA_REQUIRED' }),
    );
  });
});
