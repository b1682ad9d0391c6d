import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import FormHelperText from '@mui/material/FormHelperText';

/** What each offending field of a form shows after a failed check, by the field's key. */
export type FieldErrorMap<K extends string> = Partial<Record<K, string>>;

/** What a TextField takes of a failed check (`FieldErrors.textField`), for a form part that draws it. */
export type TextFieldErrorProps = ReturnType<FieldErrors<string>['textField']>;

/** A parse result as zod returns it: the issues carry the path of the field they are about. */
export interface ParseResult {
  success: boolean;
  error?: { issues: { message: string; path: readonly PropertyKey[] }[] };
}

/** The element a failed check moves the focus to inside a field: its input, text area or combobox. */
const focusable = [
  'input:not([type="hidden"]):not([aria-hidden="true"]):not([disabled])',
  'textarea:not([aria-hidden="true"]):not([disabled])',
  '[role="combobox"][tabindex]:not([aria-hidden="true"])',
].join(', ');

function focusTarget(field: HTMLElement): HTMLElement {
  return field.matches(focusable) ? field : (field.querySelector<HTMLElement>(focusable) ?? field);
}

export interface FieldErrors<K extends string> {
  /** The message a field shows, or undefined. */
  error: (key: K) => string | undefined;
  /**
   * Shows the errors at their fields, then scrolls the first offending field (in page order) into
   * view and focuses it. Returns whether there was any error.
   */
  show: (errors: FieldErrorMap<K>) => boolean;
  /**
   * Shows a failed parse's issues at their fields (`fieldOf` maps the issue's first path key to a
   * field; '' is the parsed value itself, for a schema of one field). Returns ok when the parse succeeded, and the first issue no field shows (for the form's
   * own error line), or null.
   */
  showIssues: (
    result: ParseResult,
    fieldOf: Partial<Record<string, K>>,
  ) => { ok: boolean; unplaced: string | null };
  /** Clears one field's error (it was edited), or every error. */
  clear: (key?: K) => void;
  /** A ref for the field's outer element: the focus goes to the input inside it. */
  ref: (key: K) => (element: HTMLElement | null) => void;
  /**
   * Props for a MUI TextField: its ref, the error state (aria-invalid) and the message as its
   * helper text, which TextField ties to the input with aria-describedby; `helperText` otherwise.
   */
  textField: (
    key: K,
    helperText?: ReactNode,
  ) => {
    ref: (element: HTMLElement | null) => void;
    error: boolean;
    helperText: ReactNode;
  };
  /** The id of a field's message (`FieldErrorText`), for aria-describedby on a control that is not a TextField. */
  describedBy: (key: K) => string | undefined;
  /** The id `FieldErrorText` gives a field's message. */
  messageId: (key: K) => string;
}

/**
 * A form's validation shown where the user looks: each offending field is marked (aria-invalid,
 * the error colour) and shows its message below it, tied to it by aria-describedby; the first one
 * is scrolled into view and focused. One hook for every form, instead of a message at the top of a
 * dialog while the field it is about sits below the fold.
 */
export function useFieldErrors<K extends string>(): FieldErrors<K> {
  const [state, setState] = useState<{ errors: FieldErrorMap<K>; shown: number }>({ errors: {}, shown: 0 });
  const elements = useRef(new Map<K, HTMLElement>());
  const callbacks = useRef(new Map<K, (element: HTMLElement | null) => void>());
  const focused = useRef(0);
  const prefix = useId();

  useEffect(() => {
    if (state.shown === focused.current) {
      return;
    }
    focused.current = state.shown;
    const offending = (Object.keys(state.errors) as K[])
      .map((key) => elements.current.get(key))
      .filter((element): element is HTMLElement => element !== undefined)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const first = offending[0];
    if (first) {
      const target = focusTarget(first);
      target.scrollIntoView?.({ block: 'center' });
      target.focus({ preventScroll: true });
    }
  }, [state]);

  const ref = useCallback((key: K) => {
    let callback = callbacks.current.get(key);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        if (element) {
          elements.current.set(key, element);
        } else {
          elements.current.delete(key);
        }
      };
      callbacks.current.set(key, callback);
    }
    return callback;
  }, []);

  const show = useCallback((errors: FieldErrorMap<K>) => {
    const present = Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ) as FieldErrorMap<K>;
    const hasErrors = Object.keys(present).length > 0;
    setState((s) => ({ errors: present, shown: hasErrors ? s.shown + 1 : s.shown }));
    return hasErrors;
  }, []);

  const showIssues = useCallback(
    (result: ParseResult, fieldOf: Partial<Record<string, K>>) => {
      const errors: FieldErrorMap<K> = {};
      let unplaced: string | null = null;
      for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
        const key = fieldOf[issue.path.length === 0 ? '' : String(issue.path[0])];
        if (key === undefined) {
          unplaced ??= issue.message;
        } else {
          errors[key] ??= issue.message;
        }
      }
      show(errors);
      return { ok: result.success, unplaced };
    },
    [show],
  );

  const clear = useCallback((key?: K) => {
    setState((s) => {
      if (key === undefined) {
        return Object.keys(s.errors).length === 0 ? s : { errors: {}, shown: s.shown };
      }
      if (s.errors[key] === undefined) {
        return s;
      }
      const errors = { ...s.errors };
      delete errors[key];
      return { errors, shown: s.shown };
    });
  }, []);

  return useMemo(() => {
    const messageId = (key: K) => `${prefix}-${key}-error`;
    const error = (key: K) => state.errors[key];
    return {
      error,
      show,
      showIssues,
      clear,
      ref,
      messageId,
      describedBy: (key: K) => (error(key) === undefined ? undefined : messageId(key)),
      textField: (key: K, helperText?: ReactNode) => ({
        ref: ref(key),
        error: error(key) !== undefined,
        helperText: error(key) ?? helperText,
      }),
    };
  }, [state, prefix, show, showIssues, clear, ref]);
}

/** A field's message under a control that is not a TextField (a Select in a FormControl). */
export function FieldErrorText<K extends string>({ fields, name }: { fields: FieldErrors<K>; name: K }) {
  const message = fields.error(name);
  return message === undefined ? null : (
    <FormHelperText id={fields.messageId(name)} error>
      {message}
    </FormHelperText>
  );
}
