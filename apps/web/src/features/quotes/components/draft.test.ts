import { parseLocalInput, toLocalInput } from '@/lib/local-datetime';
import {
  buildFormData,
  buildPayload,
  contentErrors,
  dangerousFileError,
  defaultPrazo,
  newDraft,
  previewEmailBody,
  type QuoteDraft,
  requestFileError,
  STEPS,
  stepValid,
  submitError,
} from './draft';
import { pageWindow } from './quotes-pagination';

const NOW = new Date(2026, 2, 3, 9, 30);
const G1 = '10000000-0000-4000-8000-000000000001';
const A1 = '20000000-0000-4000-8000-000000000001';

function manual(overrides: Partial<QuoteDraft> = {}): QuoteDraft {
  return {
    ...newDraft('Ana Souza', NOW),
    referenciaProcesso: 'IMP-2026-015',
    origem: 'Xangai',
    destino: 'Santos',
    incoterm: 'FOB',
    tempoTransito: '35 dias',
    grupos: [{ id: G1, nome: 'Marítimo Ásia' }],
    ...overrides,
  };
}

const pdf = (name = 'pedido.pdf', type = 'application/pdf', size = 10) =>
  new File(['x'.repeat(size)], name, { type });

describe('quote draft rules', () => {
  it('defaults the deadline to 7 days from now, in the browser time of the datetime-local picker', () => {
    expect(defaultPrazo(NOW)).toBe('2026-03-10T09:30');
    expect(newDraft('', NOW).prazo).toBe('2026-03-10T09:30');
    expect(toLocalInput(parseLocalInput('2026-12-31T23:59')!)).toBe('2026-12-31T23:59');
    expect(parseLocalInput('')).toBeNull();
    expect(parseLocalInput('amanhã')).toBeNull();
  });

  it('step 2, manual: the seven required fields and a deadline not in the past', () => {
    expect(contentErrors(manual(), NOW)).toEqual({});
    const empty = { ...newDraft('', NOW) };
    expect(contentErrors(empty, NOW)).toEqual({
      nomeSolicitante: 'Nome do solicitante é obrigatório',
      referenciaProcesso: 'Referência do processo é obrigatória',
      origem: 'Origem é obrigatória',
      destino: 'Destino é obrigatório',
      incoterm: 'Incoterm é obrigatório',
      tempoTransito: 'Tempo de trânsito é obrigatório',
    });
    expect(contentErrors(manual({ origem: '   ' }), NOW)).toEqual({ origem: 'Origem é obrigatória' });
    expect(contentErrors(manual({ prazo: '2026-03-02T09:30' }), NOW)).toEqual({
      prazo: 'O prazo de resposta não pode estar no passado.',
    });
    expect(contentErrors(manual({ prazo: '' }), NOW)).toEqual({ prazo: 'Prazo de resposta é obrigatório' });
    expect(contentErrors(manual({ prazo: '2026-03-03T09:30' }), NOW)).toEqual({
      prazo: 'O prazo de resposta não pode estar no passado.',
    });
    expect(contentErrors(manual({ prazo: '2026-03-03T09:31' }), NOW)).toEqual({});
    // FTI and the other fields are optional.
    expect(contentErrors(manual({ fti: '', evitarRota: '', pesoBrutoTotal: '' }), NOW)).toEqual({});
    // Given, a weight, transit time or quantity starts above zero (QA pass 42b: "-1500 kg" was mailed).
    expect(
      contentErrors(
        manual({
          pesoBrutoTotal: '-1500 kg',
          tempoTransito: '-5',
          itens: [{ key: 1, mercadoria: 'Peças', quantidadeVolumes: '0 contêineres', dimensoes: '' }],
        }),
        NOW,
      ),
    ).toEqual({
      pesoBrutoTotal: 'Informe um peso bruto maior que zero.',
      tempoTransito: 'Informe um tempo de trânsito maior que zero.',
      itens: 'Informe uma quantidade de volumes maior que zero em cada item.',
    });
  });

  it('step 2, PDF/Excel: the file, solicitante, referência, tipoFrete and prazo; the manual fields are not asked', () => {
    const base = manual({ metodoEnvio: 'PDF', origem: '', destino: '', incoterm: '', tempoTransito: '' });
    expect(contentErrors(base, NOW)).toEqual({ file: 'Arquivo é obrigatório' });
    expect(contentErrors({ ...base, file: pdf() }, NOW)).toEqual({});
    expect(contentErrors({ ...base, file: pdf('planilha.xlsx', '') }, NOW)).toEqual({
      file: 'Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.',
    });
    const excel = { ...base, metodoEnvio: 'EXCEL' as const };
    expect(contentErrors({ ...excel, file: pdf('cotacao.xlsx', '') }, NOW)).toEqual({});
    expect(contentErrors({ ...excel, file: pdf('antiga.xls', 'application/vnd.ms-excel') }, NOW)).toEqual({});
    expect(contentErrors({ ...excel, file: pdf() }, NOW).file).toBe(
      'Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.',
    );
    expect(
      contentErrors({ ...base, file: pdf(), cargaPerigosa: true, dangerousFile: pdf('fispq.exe', '') }, NOW),
    ).toEqual({
      dangerousFile:
        'Tipo de arquivo inválido para o documento de carga perigosa. Use PDF, DOC, DOCX, JPG ou PNG.',
    });
  });

  it('checks file types by MIME type or extension and the 10 MB limit', () => {
    expect(requestFileError(pdf('a.PDF', ''), 'PDF')).toBeNull();
    expect(requestFileError(pdf('a.txt', 'text/plain'), 'PDF')).toBe(
      'Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.',
    );
    expect(requestFileError(pdf('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), 'PDF')).toBe(
      'O arquivo excede o tamanho máximo de 10 MB.',
    );
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.jpg', 'a.jpeg', 'a.png']) {
      expect(dangerousFileError(pdf(name, ''))).toBeNull();
    }
    expect(dangerousFileError(pdf('a.gif', 'image/gif'))).not.toBeNull();
  });

  it('steps: format always valid, recipients need a carrier or a group, review has no own rule', () => {
    expect(stepValid(STEPS.format, newDraft('', NOW), NOW)).toBe(true);
    expect(stepValid(STEPS.content, newDraft('', NOW), NOW)).toBe(false);
    expect(stepValid(STEPS.content, manual(), NOW)).toBe(true);
    expect(stepValid(STEPS.recipients, manual({ grupos: [] }), NOW)).toBe(false);
    expect(
      stepValid(STEPS.recipients, manual({ grupos: [], transportadores: [{ id: A1, nome: 'A' }] }), NOW),
    ).toBe(true);
  });

  it('gives each submit message of the spec, first failure first (review rules)', () => {
    expect(submitError(manual(), NOW)).toBeNull();
    expect(submitError(manual({ nomeSolicitante: '' }), NOW)).toBe('Nome do solicitante é obrigatório');
    expect(submitError(manual({ referenciaProcesso: ' ' }), NOW)).toBe(
      'Referência do processo é obrigatória',
    );
    expect(submitError(manual({ origem: '' }), NOW)).toBe('Origem é obrigatória');
    expect(submitError(manual({ destino: '' }), NOW)).toBe('Destino é obrigatório');
    const file = manual({ metodoEnvio: 'PDF', file: pdf() });
    expect(submitError(file, NOW)).toBeNull();
    expect(submitError({ ...file, file: null }, NOW)).toBe('Arquivo é obrigatório');
    expect(submitError({ ...file, tipoFrete: '' as never }, NOW)).toBe('Tipo de frete é obrigatório');
    expect(submitError({ ...file, prazo: '2020-01-01T00:00' }, NOW)).toBe(
      'O prazo de resposta não pode estar no passado.',
    );
    expect(submitError({ ...file, grupos: [] }, NOW)).toBe(
      'Selecione pelo menos um agente de carga ou grupo como destinatário.',
    );
  });

  it('builds the JSON payload: trimmed texts, blanks as null, filled items only, ISO deadline', () => {
    const draft = manual({
      fti: '  ',
      nomeSolicitante: ' Ana Souza ',
      itens: [
        { key: 1, mercadoria: 'Peças', quantidadeVolumes: '20', dimensoes: '' },
        { key: 2, mercadoria: '', quantidadeVolumes: '', dimensoes: '' },
      ],
      transportadores: [{ id: A1, nome: 'Atlântico' }],
    });
    const payload = buildPayload(draft);
    expect(payload).toMatchObject({
      nomeSolicitante: 'Ana Souza',
      fti: null,
      metodoEnvio: 'EMAIL',
      descricaoGeral: null,
      tituloEmail: 'IMP-2026-015',
      prazoResposta: new Date(2026, 2, 10, 9, 30).toISOString(),
      destinatarios: { transportadores: [A1], grupos: [G1] },
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '20', dimensoes: null }],
      preferenciaRota: false,
    });
  });

  it('builds the multipart body: scalar fields as text, recipients and items as JSON text, both files', () => {
    const file = pdf();
    const fispq = pdf('fispq.png', 'image/png');
    const draft = manual({
      metodoEnvio: 'PDF',
      file,
      cargaPerigosa: true,
      dangerousFile: fispq,
      fti: 'FTI-1',
    });
    const form = buildFormData(buildPayload(draft), file, fispq);
    expect(form.get('metodoEnvio')).toBe('PDF');
    expect(form.get('cargaPerigosa')).toBe('true');
    expect(form.get('fti')).toBe('FTI-1');
    expect(form.get('origem')).toBeNull();
    expect(form.get('destinatarios[grupos]')).toBe(JSON.stringify([G1]));
    expect(form.get('destinatarios[transportadores]')).toBe('[]');
    expect(form.get('itens')).toBe('[]');
    expect((form.get('file') as File).name).toBe('pedido.pdf');
    expect((form.get('dangerousCargoFile') as File).name).toBe('fispq.png');
  });

  it("previews the server's e-mail body: the data once, in Portuguese or English, code still to come", () => {
    const draft = manual({
      itens: [{ key: 1, mercadoria: 'Peças', quantidadeVolumes: '20', dimensoes: '' }],
      observacoes: 'Carga frágil',
    });
    const pt = previewEmailBody(draft, 'Importadora Alfa', '{código}');
    expect(pt.startsWith('Prezados,')).toBe(true);
    expect(pt).toContain('Importadora Alfa solicita cotação de frete');
    expect(pt).toContain('Código: {código}');
    expect(pt.split('Origem: Xangai').length - 1).toBe(1);
    expect(pt.split('Carga frágil').length - 1).toBe(1);
    expect(pt).toContain('- Peças | 20 | Não informado');
    expect(pt).toContain('SUA PROPOSTA\nFrete: ');
    const en = previewEmailBody({ ...draft, idiomaEmail: 'en' }, 'Importadora Alfa', '{code}');
    expect(en.startsWith('Dear partner,')).toBe(true);
    expect(en).toContain('Origin: Xangai');
    expect(en).toContain('Best regards,\nAna Souza\nImportadora Alfa');
  });

  it('shows at most five page buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
