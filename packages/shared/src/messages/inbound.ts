/** What the inbound pipeline records about a message it could not process (pt-BR, shown to a desenvolvedor). */
export const inboundTexts = {
  failure: {
    database: 'O banco de dados recusou a mensagem ao processá-la (código {code}).',
    unexpected: 'Erro inesperado ao processar a mensagem.',
  },
  /** The preview of a message whose body is bytes no charset made text of. */
  unreadablePreview: '(conteúdo ilegível: binário ou codificação desconhecida)',
  /** Sent to a quote's reply address whose code matches no quote (an old or altered address; QA pass 29). */
  unknownReplyAddress:
    'Enviada a um endereço de resposta de cotação que não corresponde a nenhuma cotação (endereço antigo, de outra instalação ou alterado): confira e atribua à cotação certa.',
  /**
   * A new e-mail (not in the quote's conversation, not to its reply address) naming a quote's process
   * reference: said on 'Não identificadas', where that quote is suggested first (QA pass 36).
   */
  namesReference:
    'Cita a referência {referencia} (cotação {codigo}), mas não veio pela conversa nem pelo endereço de resposta da cotação: confira e atribua.',
  /**
   * A message naming a waiting quote's code from an address the quote was not sent to (a carrier's colleague
   * forwarding the thread, QA pass 37): that quote is suggested, with the carrier of the sender's domain.
   */
  namesCode:
    'Cita a cotação {codigo}, mas o remetente não é destinatário dela: confira o agente de carga e atribua.',
  /** A reply in one quote's thread that names only another quote of the company ('Não identificadas'). */
  citesOtherQuote:
    'A mensagem cita a cotação {citada}, mas chegou pela conversa da cotação {conversa}: confira e atribua à cotação certa.',
  /**
   * A new e-mail whose subject names a quote code that several companies sent to this forwarder, with no
   * safe way to tell which ('Não identificadas', for a desenvolvedor; ADR 0015 addendum).
   */
  sharedCode:
    'O código {codigo} citado por {remetente} existe em cotações de mais de uma empresa enviadas a este agente de carga: confira e atribua à cotação certa.',
  /**
   * The same message as each candidate company sees it: who and which code, never its content (it may be
   * another company's proposal) until a user of the company assigns it to its quote.
   */
  sharedCodeWaiting:
    "Mensagem de {remetente} sobre a cotação {codigo} aguardando atribuição. Este agente de carga recebeu cotações com o mesmo código de mais de uma empresa, por isso o conteúdo só aparece depois de atribuída. Se não for desta empresa, use 'Dispensar'; na dúvida, peça ao agente que responda ao e-mail da cotação.",
  /** Why a received message was kept without counting as an answer (`inbound_messages.motivo`). */
  setAside: {
    automatica: 'Resposta automática: guardada, não conta como resposta.',
    confirmacao: 'Confirmação de recebimento sem cotação: guardada, não conta como resposta.',
    semAnexo: 'Diz que a cotação segue em anexo, mas não trouxe arquivo: guardada, não conta como resposta.',
  },
  /** Why a response's figures were not read (shown on its card, `extracaoErro`). */
  extraction: {
    /** Past a bound of the reader (size, pages, text, time, memory): never tried again. */
    tooComplex: 'Arquivo grande ou complexo demais para leitura automática.',
    unreadable: 'Não foi possível ler esta resposta automaticamente. Informe os valores à mão.',
    retrying: 'A leitura automática falhou ({erro}). Uma nova tentativa é feita automaticamente.',
    gaveUp: 'A leitura automática falhou depois de várias tentativas ({erro}). Informe os valores à mão.',
    /** The AI pass failed: the rules' figures stand (shown on the card of a read response). */
    llmUnavailable: 'Leitura por IA indisponível: {motivo}. Os valores lidos pelas regras foram mantidos.',
    llmReasons: {
      timeout: 'o provedor não respondeu a tempo',
      http: 'o provedor respondeu com erro (HTTP {status})',
      rateLimited: 'limite de uso do provedor atingido (HTTP 429)',
      json: 'a resposta do provedor não é um JSON válido',
      schema: 'a resposta do provedor não segue o formato pedido',
      network: 'não foi possível conectar ao provedor',
      url: 'o endereço do provedor é inválido',
    },
  },
  /** The rows of the inbound sources status view (Configurações → Fontes de e-mail; issue 34 §4). */
  sources: {
    imapLabel: 'Caixa IMAP {caixa}',
    imapError: 'Falha ao ler a caixa IMAP: {detalhe}',
    /** What a mailbox error means, in the user's words, before the server's own text (QA pass 41b). */
    imapErrorKinds: {
      auth: "o servidor recusou o usuário ou a senha; confira-os em IMAP_URL (ou a senha de aplicativo do provedor). Para o provedor não bloquear a conta, as tentativas são espaçadas até 30 min ('Sincronizar agora' tenta já)",
      unreachable:
        'o servidor de e-mail não respondeu (fora do ar, ou endereço ou porta de IMAP_URL errados)',
      tls: 'a conexão segura (TLS) com o servidor falhou; confira a porta e o certificado do servidor',
      folder: 'a pasta da caixa não existe no servidor; confira a pasta no fim de IMAP_URL',
    },
    /** '{explicacao}. O sistema tenta de novo sozinho. Detalhe técnico: …' */
    imapErrorExplained: '{explicacao}. O sistema tenta de novo sozinho. Detalhe técnico: {tecnico}',
    smtpLabel: 'Servidor SMTP de entrada (porta {porta})',
    smtpLabelOff: 'Servidor SMTP de entrada',
    /** The listener refused a message after its transfer (the sender got the bounce). */
    smtpTooLarge:
      'Mensagem de {remetente} recusada: {mb} MB, acima do limite de {limite} MB. O remetente recebeu o aviso de devolução; peça que envie os anexos em partes ou por link.',
    smtpNotStored: 'Mensagem não guardada (o remetente tentará de novo): {motivo}',
    webhookLabel: {
      mailgun: 'Webhook Mailgun',
      sendgrid: 'Webhook SendGrid (Inbound Parse)',
      postmark: 'Webhook Postmark',
    },
  },
  problem: {
    headerTooLarge:
      'Cabeçalho grande demais para leitura automática (mais de {kb} kB em uma parte da mensagem).',
    tooManyParts:
      'Mensagem com partes demais (ou aninhadas demais) para leitura automática: abra a mensagem ou registre os valores à mão.',
  },
} as const;
