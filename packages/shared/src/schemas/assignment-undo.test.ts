import { describe, expect, it } from 'vitest';
import { assignmentUndo, type ResponseEntry, type ResponseVersion } from './responses.js';

const version = (id: string, versao: number, extra: Partial<ResponseVersion> = {}) =>
  ({
    id,
    versao,
    atribuida: false,
    aguardandoConfirmacao: false,
    dadosExtraidos: null,
    ...extra,
  }) as ResponseVersion;

/** An entry as the list sends it: the current version apart, the others in `versoes`. */
function entry(atual: ResponseVersion | null, versoes: ResponseVersion[]) {
  const { dadosExtraidos: _read, ...current } = atual ?? ({} as ResponseVersion);
  return { atual: atual ? current : null, versoes, dadosExtraidos: null } as Pick<
    ResponseEntry,
    'atual' | 'versoes' | 'dadosExtraidos'
  >;
}

describe("assignmentUndo: which version an undone assignment leaves current (the API's rule)", () => {
  it('the assigned newest current version: the newest remaining not held back', () => {
    const v1 = version('v1', 1);
    const v2 = version('v2', 2, { aguardandoConfirmacao: true });
    const v3 = version('v3', 3, { atribuida: true });
    expect(assignmentUndo(entry(v3, [v2, v1]), 'v3')).toEqual({
      currentAfter: expect.objectContaining({ id: 'v1' }),
    });
  });

  it('an older mail filed beside the current version: the current one stays; the only answer: none', () => {
    const v1 = version('v1', 1);
    const older = version('v2', 2, { atribuida: true });
    expect(assignmentUndo(entry(v1, [older]), 'v2')).toEqual({
      currentAfter: expect.objectContaining({ id: 'v1' }),
    });
    expect(assignmentUndo(entry(version('v1', 1, { atribuida: true }), []), 'v1')).toEqual({
      currentAfter: null,
    });
  });

  it('nothing to undo: a version not assigned, or one with a newer version after it', () => {
    const v1 = version('v1', 1, { atribuida: true });
    const v2 = version('v2', 2);
    expect(assignmentUndo(entry(v2, [v1]), 'v1')).toBeUndefined();
    expect(assignmentUndo(entry(v2, [v1]), 'v2')).toBeUndefined();
    expect(assignmentUndo(entry(v2, [v1]), 'missing')).toBeUndefined();
  });
});
