import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
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

/** The field a form control edits: its `data-field`, else its `name` up to the first '.' or '['. */
function fieldOf(target: EventTarget | null): string | null {
  if (!(target instanceof HTMLElement)) return null;
  const explicit = target.closest<HTMLElement>('[data-field]')?.dataset.field;
  if (explicit) return explicit;
  const name = target.getAttribute('name');
  return name ? (name.split(/[.[]/)[0] ?? null) : null;
}

/**
 * The field messages of a form. Put `onChange={clearOnChange}` on the `<form>`: editing a field takes
 * its messages away at once (a corrected value must not keep its old error until the next submit);
 * the next submit validates again. A control whose `name` differs from the schema's field sets
 * `data-field` on itself or an ancestor.
 */
export function useFieldErrors(
  initial: FieldErrors = {},
): [FieldErrors, Dispatch<SetStateAction<FieldErrors>>, (event: { target: EventTarget | null }) => void] {
  const [errors, setErrors] = useState<FieldErrors>(initial);
  const clearOnChange = useCallback((event: { target: EventTarget | null }) => {
    const field = fieldOf(event.target);
    if (!field) return;
    setErrors((current) => {
      if (!current[field] && !current.form) return current;
      const { [field]: _edited, form: _form, ...rest } = current;
      return rest;
    });
  }, []);
  return [errors, setErrors, clearOnChange];
}
