/**
 * The e-mails a carrier receives about the analyst's decisions (issue #14): a revision request, the
 * approval of its proposal, and the notice that another proposal was chosen. In the quote's language
 * (idiomaEmail pt or en), like the request itself; the analyst's own message goes in as written.
 */
export const decisionEmailMessages = {
  pt: {
    replySubject: 'Re: {assunto}',
    greeting: 'Prezados,',
    closing: 'Atenciosamente,',
    revisionTitle: 'Pedido de revisão da proposta',
    revisionIntro: 'Agradecemos a proposta enviada para a cotação {codigo} (processo {referencia}).',
    revisionAsk: 'Pedimos, por gentileza, que revisem a proposta conforme a mensagem abaixo:',
    revisionAskNoMessage: 'Pedimos, por gentileza, que revisem os valores e as condições da proposta.',
    revisionReply: 'Para enviar a proposta revisada, basta responder a este e-mail.',
    /** The carrier's own portal link, when the company offers the portal (QA pass 40a: the mail had none). */
    revisionPortal: 'Ou responda pelo portal: {url}',
    /** The quote's answer deadline, while it is still ahead: the carrier knows by when. */
    revisionDeadline: 'Pedimos a proposta revisada até {prazo} (horário de Brasília).',
    approvalSubject: 'Cotação {codigo} aprovada',
    approvalTitle: 'Proposta aprovada',
    approvalIntro:
      'Temos o prazer de informar que a sua proposta para a cotação {codigo} (processo {referencia}) foi aprovada.',
    approvalDestination: 'Destino aprovado: {destino}.',
    approvalNext: 'Em breve entraremos em contato para combinar os próximos passos do embarque.',
    /** What was agreed, restated in the approval (issue 30). */
    agreed: {
      title: 'Condições aprovadas:',
      /** The origin the row counts (a quote asking "Ningbo ou Shanghai": the one this offer starts at). */
      origin: 'Origem: {origem}',
      destination: 'Destino: {destino}',
      incoterm: 'Incoterm: {incoterm}',
      /** A revised answer approved: which version, so that the carrier books on its latest figures. */
      version: 'Proposta aprovada: versão {versao} (a revisada)',
      /** The shipping line the carrier named: the booking is made with it. */
      carrierLine: 'Armador: {armador}',
      /** The reply offered several options: the one approved, as the carrier wrote it. */
      option: 'Opção aprovada: “{opcao}”',
      freight: 'Frete {tipo}: {calculo}',
      /** An air rate's weight band, after its unit. */
      weightBand: '(faixa {faixa})',
      weightBandRaised: '(faixa {faixa}: {peso} kg cobrados como {cobrado} kg)',
      /** A freight not priced per container names its unit ("Frete por kg"), not the code ("Frete KG"). */
      freightUnits: {
        KG: 'por kg',
        M3: 'por m³',
        WM: 'por W/M',
        TON: 'por tonelada',
        VIAGEM: 'por viagem',
        BL: 'por BL',
      },
      /** The carrier priced it all in ("all in", "tudo incluso"): said so, as it wrote it. */
      freightAllIn: 'Frete {tipo} (all in, com as taxas incluídas): {calculo}',
      /** All in as written ("all in origem"), with charges still counted below it: not "charges included". */
      freightAllInExcept: 'Frete {tipo} (all in, exceto as taxas abaixo): {calculo}',
      fee: '{nome}: {calculo}',
      /** A fee in a currency the totals do not sum (CNY, GBP; EUR without a euro rate): agreed all the same, outside the total. */
      feeNotSummed: '{nome}: {calculo} (em {moeda}, fora do total abaixo)',
      total: 'Total: {brl} ({usd})',
      rate: 'Câmbio: USD 1 = R$ {taxa} (PTAX {ptax} + margem de {margem}%)',
      rateFallback:
        'Câmbio: USD 1 = R$ {taxa} (taxa de contingência de R$ {ptax}, a PTAX não respondeu, + margem de {margem}%)',
      /** When the agreed terms have charges in EUR: the rate that put them in the total. */
      rateEur: 'Câmbio do euro: EUR 1 = R$ {taxa} (PTAX {ptax} + margem de {margem}%)',
      rateEurFallback:
        'Câmbio do euro: EUR 1 = R$ {taxa} (taxa de contingência de R$ {ptax}, a PTAX do euro não respondeu, + margem de {margem}%)',
      transit: 'Transit time: {dias} dias',
      freeTime: 'Free time no destino: {dias} dias',
      freeTimeCombined: 'Free time combinado (demurrage + detention): {dias} dias',
      validity: 'Validade da proposta: {data}',
    },
    notSelectedSubject: 'Cotação {codigo}: resultado',
    notSelectedTitle: 'Resultado da cotação',
    notSelectedIntro: 'Agradecemos a proposta enviada para a cotação {codigo} (processo {referencia}).',
    notSelectedBody: 'Após analisar as propostas recebidas, desta vez optamos por outra proposta.',
    notSelectedFeedback:
      'Para sua referência: o custo total da sua proposta ficou {percentual} acima do custo da proposta escolhida.',
    notSelectedThanks: 'Contamos com a sua participação nas próximas cotações.',
  },
  en: {
    replySubject: 'Re: {assunto}',
    greeting: 'Dear partner,',
    closing: 'Best regards,',
    revisionTitle: 'Request to revise your offer',
    revisionIntro: 'Thank you for your offer for quotation {codigo} (process {referencia}).',
    revisionAsk: 'We kindly ask you to revise it as described below:',
    revisionAskNoMessage: 'We kindly ask you to review the rates and conditions of your offer.',
    revisionReply: 'To send the revised offer, simply reply to this e-mail.',
    revisionPortal: 'Or answer through the portal: {url}',
    revisionDeadline: 'Please send the revised offer by {prazo} (Brasília time).',
    /**
     * The revision dialog's starting message for a quote in English (the analyst edits it; the Portuguese
     * one is in ui-comparison / ui-decisions): it goes inside this letter as written (QA pass 15).
     */
    revisionPrefill: {
      withMissing: 'To complete our analysis, please let us know {itens}.',
      withoutMissing: 'Please review your rates and send us your best possible offer.',
      fee: 'the {nome} charge',
      all: 'Please review your rates and conditions and send us your best possible offer.',
      listSeparator: ', ',
      lastSeparator: ' and ',
      items: {
        frete: 'the freight rate',
        frete20: "the 20' container rate",
        frete40: "the 40' container rate",
        prazo: 'the transit time',
        freeTime: 'the free time at destination',
        validade: 'the validity of the offer',
      },
    },
    approvalSubject: 'Quotation {codigo} approved',
    approvalTitle: 'Offer approved',
    approvalIntro:
      'We are pleased to inform you that your offer for quotation {codigo} (process {referencia}) has been approved.',
    approvalDestination: 'Approved destination: {destino}.',
    approvalNext: 'We will contact you shortly to arrange the next steps of the shipment.',
    agreed: {
      title: 'Approved terms:',
      origin: 'Origin: {origem}',
      destination: 'Destination: {destino}',
      incoterm: 'Incoterm: {incoterm}',
      version: 'Approved offer: version {versao} (the revised one)',
      carrierLine: 'Shipping line: {armador}',
      option: 'Approved option: “{opcao}”',
      freight: 'Freight {tipo}: {calculo}',
      weightBand: '(weight break {faixa})',
      weightBandRaised: '(weight break {faixa}: {peso} kg charged as {cobrado} kg)',
      freightUnits: {
        KG: 'per kg',
        M3: 'per m³',
        WM: 'per W/M',
        TON: 'per tonne',
        VIAGEM: 'per trip',
        BL: 'per BL',
      },
      freightAllIn: 'Freight {tipo} (all in, charges included): {calculo}',
      freightAllInExcept: 'Freight {tipo} (all in, except the charges below): {calculo}',
      fee: '{nome}: {calculo}',
      feeNotSummed: '{nome}: {calculo} (in {moeda}, not in the total below)',
      total: 'Total: {brl} ({usd})',
      rate: 'Exchange rate: USD 1 = BRL {taxa} (PTAX {ptax} + {margem}% margin)',
      rateFallback:
        'Exchange rate: USD 1 = BRL {taxa} (contingency rate of BRL {ptax}, PTAX unavailable, + {margem}% margin)',
      rateEur: 'EUR exchange rate: EUR 1 = BRL {taxa} (PTAX {ptax} + {margem}% margin)',
      rateEurFallback:
        'EUR exchange rate: EUR 1 = BRL {taxa} (contingency rate of BRL {ptax}, EUR PTAX unavailable, + {margem}% margin)',
      transit: 'Transit time: {dias} days',
      freeTime: 'Free time at destination: {dias} days',
      freeTimeCombined: 'Combined free time (demurrage + detention): {dias} days',
      validity: 'Offer valid until: {data}',
    },
    notSelectedSubject: 'Quotation {codigo}: outcome',
    notSelectedTitle: 'Quotation outcome',
    notSelectedIntro: 'Thank you for your offer for quotation {codigo} (process {referencia}).',
    notSelectedBody: 'After reviewing the offers received, we have chosen another offer this time.',
    notSelectedFeedback:
      'For your reference: the total cost of your offer was {percentual} above the cost of the chosen offer.',
    notSelectedThanks: 'We look forward to your participation in future quotations.',
  },
} as const;
export type DecisionEmailLanguage = keyof typeof decisionEmailMessages;
