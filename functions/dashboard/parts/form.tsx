// Form building blocks: a labelled field whose API error shows right under it, and a form-level
// message for errors that name no field.
import type { ComponentChildren } from 'preact';
import { ApiError } from '../api.ts';

export interface FieldErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const noErrors: FieldErrors = { fields: {}, form: null };

/** Puts an API error next to the field its message names, or on the form. */
export function errorsFrom(error: unknown, knownFields: readonly string[]): FieldErrors {
  if (error instanceof ApiError) {
    if (error.field && knownFields.includes(error.field))
      return { fields: { [error.field]: error.detail }, form: null };
    return { fields: {}, form: error.message };
  }
  return { fields: {}, form: (error as Error).message };
}

export function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={`field${props.error ? ' has-error' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && !props.error ? (
        <p class="hint" id={`${props.id}-hint`} aria-live="polite">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p class="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes that tie an input to its error message. */
export function described(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

export function FormError(props: { message: string | null }) {
  return props.message ? (
    <p class="form-error" role="alert">
      {props.message}
    </p>
  ) : null;
}
