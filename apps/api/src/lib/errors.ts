import { type ErrorCode, errorMessage, problemSchema } from '@cotacoes/shared';

/** Every error code has its HTTP status: a new code without one does not compile. */
const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_FORMAT: 400,
  CODE_TOO_MANY_ATTEMPTS: 429,
  REGISTRATION_NOT_STARTED: 400,
  RESET_NOT_STARTED: 400,
  REGISTRATION_NOT_VERIFIED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  PASSWORD_SAME_AS_CURRENT: 400,
  PASSWORD_NOT_SET: 400,
  OAUTH_STATE_INVALID: 400,
  OAUTH_FAILED: 502,
  OAUTH_EMAIL_UNVERIFIED: 400,
  OAUTH_EMAIL_IN_USE: 409,
  EMAIL_ALREADY_REGISTERED: 409,
  INVALID_CREDENTIALS: 401,
  LOGIN_THROTTLED: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMPRESA_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  ATTACHMENT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  JSON_BODY_REQUIRED: 415,
  MULTIPART_INVALID: 400,
  URL_INVALID: 400,
  QUOTE_FILE_UNREADABLE: 400,
  CSRF_ORIGIN_REFUSED: 403,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  CNPJ_LENGTH: 400,
  CNPJ_CHECK_DIGITS: 400,
  CNPJ_NOT_FOUND: 404,
  CNPJ_LOOKUP_FAILED: 502,
  CNPJ_ALREADY_REGISTERED: 409,
  EMPRESA_NOT_FOUND: 404,
  EMPRESA_NOT_LINKED: 404,
  EMPRESA_CODIGO_IN_USE: 409,
  EMPRESA_HAS_DATA: 409,
  LINK_FIELDS_REQUIRED: 400,
  MEMBER_ROLE_INVALID: 400,
  USER_ALREADY_LINKED: 409,
  USER_IN_OTHER_EMPRESA: 409,
  USER_ALREADY_IN_EMPRESA: 409,
  USER_ALREADY_REGISTERED: 409,
  DEVELOPER_NOT_LINKABLE: 409,
  CANNOT_CHANGE_OWN_LINK: 409,
  USER_NOT_FOUND: 404,
  INVITE_NOT_FOUND: 404,
  JOIN_CNPJ_MISMATCH: 400,
  JOIN_REQUEST_NOT_FOUND: 404,
  JOIN_REQUEST_DECIDED: 409,
  JOIN_REQUESTER_LINKED: 409,
  OAUTH_NOT_CONFIGURED: 503,
  TRANSPORTADOR_NOT_FOUND: 404,
  TRANSPORTADOR_NOME_REQUIRED: 400,
  TRANSPORTADOR_EMAIL_REQUIRED: 400,
  TRANSPORTADOR_EMAIL_INVALID: 400,
  TRANSPORTADOR_TOO_MANY_EMAILS: 400,
  TRANSPORTADOR_EMAIL_IN_USE: 409,
  GRUPO_NOT_FOUND: 404,
  GRUPO_NOME_REQUIRED: 400,
  GRUPO_NOME_IN_USE: 409,
  GRUPO_COR_INVALID: 400,
  IMPORT_FILE_REQUIRED: 400,
  IMPORT_FILE_TYPE: 415,
  IMPORT_FILE_TOO_LARGE: 413,
  IMPORT_FILE_UNSAFE: 400,
  IMPORT_TOO_MANY_ROWS: 400,
  IMPORT_NO_HEADER: 400,
  IMPORT_EMPTY: 400,
  IMPORT_NOTHING_VALID: 400,
  QUOTE_NOT_FOUND: 404,
  QUOTE_FILE_TYPE: 415,
  QUOTE_DANGEROUS_FILE_TYPE: 415,
  QUOTE_FILE_TOO_LARGE: 413,
  QUOTE_FINAL: 409,
  QUOTE_UPLOAD_TYPE: 415,
  QUOTE_UPLOAD_NOT_FOUND: 404,
  INBOUND_MESSAGE_NOT_FOUND: 404,
  RESPONSE_FILE_TYPE: 415,
  RESPONSE_FILE_UNREADABLE: 400,
  RESPONSE_CONTENT_REQUIRED: 400,
  RESPONSE_QUOTE_FINAL: 409,
  RESPONSE_DUPLICATE: 409,
  MAILBOX_MESSAGE_NOT_FOUND: 404,
  MAILBOX_REPLY_FROM_INVALID: 400,
  EMAIL_INVALID: 400,
  EMAIL_REQUIRED: 400,
  NAME_REQUIRED: 400,
  PASSWORD_MIN_LENGTH: 400,
  PASSWORD_LETTER: 400,
  PASSWORD_NUMBER: 400,
  PASSWORD_MISMATCH: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_REQUIRED_FIELDS: 400,
  EMPRESA_NOME_REQUIRED: 400,
  EMPRESA_CODIGO_REQUIRED: 400,
  QUOTE_SOLICITANTE_REQUIRED: 400,
  QUOTE_REFERENCIA_REQUIRED: 400,
  QUOTE_ORIGEM_REQUIRED: 400,
  QUOTE_DESTINO_REQUIRED: 400,
  QUOTE_TIPO_FRETE_REQUIRED: 400,
  QUOTE_ARQUIVO_REQUIRED: 400,
  QUOTE_PRAZO_INVALID: 400,
  QUOTE_PRAZO_PAST: 400,
  QUOTE_RECIPIENTS_REQUIRED: 400,
  QUOTE_GROUP_EMPTY: 400,
  QUOTE_ITEM_REQUIRED: 400,
  QUOTE_FIELDS_INVALID: 400,
};

export type FieldError = { path: string; message: string };

/** The one application error: a catalogue code (→ status and pt-BR message) and its parameters. */
export class AppError extends Error {
  readonly status: number;
  userMessage: string;

  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly errors?: FieldError[],
    status?: number,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = status ?? statusByCode[code];
    this.userMessage = errorMessage(code, params);
  }

  /** Shows a more precise message (e.g. the only field error) instead of the code's generic one. */
  withMessage(message?: string): this {
    if (message) this.userMessage = message;
    return this;
  }

  /** Keeps the underlying error for the log (never sent to the client). */
  withCause(cause: unknown): this {
    (this as { cause?: unknown }).cause = cause;
    return this;
  }
}

/** 400 VALIDATION_FAILED listing the field errors; the message is the only error's own when there is one. */
export function validationError(errors: FieldError[]): AppError {
  const only = errors.length === 1 ? errors[0]!.message : undefined;
  return new AppError('VALIDATION_FAILED', undefined, errors, 400).withMessage(only);
}

/** The route schema's error answers: one problem+json shape for each listed status (OpenAPI). */
export function problemResponses<S extends number>(...statuses: S[]): Record<S, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    S,
    typeof problemSchema
  >;
}
