import { ApiError } from './api-client';

/** Messages per field name; a field may break several rules at once (e.g. password). */
export type FieldErrors = Partial<Record<string, string[]>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

function add(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** zod issues of a shared schema → messages per top-level field. */
export function issuesToFieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) add(errors, String(issue.path[0] ?? 'form'), issue.message);
  return errors;
}

/** Field errors of a problem+json answer (`errors[].path` like 'password' or 'body.password'). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { path, message } of error.fieldErrors) {
    const field = path.split(/[./]/).filter(Boolean).pop() ?? 'form';
    add(errors, field, message);
  }
  return errors;
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => (list?.length ?? 0) > 0);
}
