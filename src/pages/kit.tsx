/**
 * The pieces every page is built from: the render context (translator, CSRF token), the form that
 * always carries the token, its buttons, the labelled field whose error is tied to it, and the
 * one-link list that leads on.
 */
import type { ComponentChildren, FunctionComponent } from "preact";
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { CSRF_FIELD } from "./csrf";
import type { Msg, Translator } from "./i18n";

/** The id of the layout's alert region (role=alert), for fields the alert describes. */
export const ALERT_ID = "page-alert";

export interface KitValue {
  t: Translator;
  csrfToken?: string;
}
export const Kit = createContext<KitValue | null>(null);

export function useKit(): KitValue {
  const kit = useContext(Kit);
  if (!kit) throw new Error("a page component is rendered outside renderPage");
  return kit;
}

/** Where a page's form posts, and what it carries back unchanged (e.g. the interaction's id). */
export interface FormTarget {
  /** The form's `action` URL (same origin). */
  action: string;
  /** Hidden fields the HTTP layer needs back with the POST. */
  hidden?: Readonly<Record<string, string>>;
}

/**
 * A POST form with the CSRF token. `noValidate`: the server checks every field and answers in the
 * page's language (the browser's own bubbles would speak the browser's language); `required` still
 * tells assistive technology which fields are needed.
 */
export function Form(props: FormTarget & { children: ComponentChildren; label?: string }) {
  const { csrfToken } = useKit();
  if (!csrfToken) throw new Error("a page with a form needs ctx.csrfToken (pages/csrf.ts issue())");
  return (
    <form method="post" action={props.action} noValidate aria-label={props.label}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.children}
    </form>
  );
}

/** The actions row with a form's one submit button. */
export function Submit(props: { children: ComponentChildren }) {
  return (
    <div class="actions">
      <button type="submit" class="primary">
        {props.children}
      </button>
    </div>
  );
}

/** The actions row of a two-way decision: the form posts `decision` as the chosen button's value. */
export function Decision(props: { yes: { value: string; label: string }; no: { value: string; label: string } }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" name="decision" value={props.yes.value}>
        {props.yes.label}
      </button>
      <button type="submit" class="secondary" name="decision" value={props.no.value}>
        {props.no.label}
      </button>
    </div>
  );
}

/** A list of one link: the way on from a page. */
export function OneLink(props: { href: string; children: ComponentChildren }) {
  return (
    <ul class="links">
      <li>
        <a href={props.href}>{props.children}</a>
      </li>
    </ul>
  );
}

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: Msg;
  autofocus?: boolean;
  inputMode?: "numeric" | "email" | "text";
  /** Further ids that describe the field (e.g. the page's alert when the focus lands here). */
  describedBy?: string;
  /** Codes and addresses are not words: no spell check, no automatic capitals. */
  verbatim?: boolean;
}

/**
 * A labelled input. Its hint and error are tied with `aria-describedby`, so a screen reader reads
 * them with the label; an invalid field is `aria-invalid` and takes the focus on load (the page is
 * rendered without script, so the focus is how the error gets announced).
 */
export const Field: FunctionComponent<FieldProps> = (p) => {
  const { t } = useKit();
  const hintId = p.hint ? `${p.id}-hint` : undefined;
  const errorId = p.error ? `${p.id}-error` : undefined;
  const describedBy = [hintId, errorId, p.describedBy].filter(Boolean).join(" ") || undefined;
  const attributes = {
    id: p.id,
    name: p.name,
    autocomplete: p.autocomplete,
    value: p.value,
    required: true,
    "aria-invalid": p.error ? ("true" as const) : undefined,
    "aria-describedby": describedBy,
    autofocus: p.autofocus || undefined,
    inputMode: p.inputMode,
    spellcheck: p.verbatim ? false : undefined,
    autocapitalize: p.verbatim ? ("none" as const) : undefined,
  };
  return (
    <div class={p.error ? "field invalid" : "field"}>
      <label for={p.id}>{p.label}</label>
      {p.hint && (
        <p class="hint" id={hintId}>
          {p.hint}
        </p>
      )}
      {p.error && (
        <p class="field-error" id={errorId}>
          {t.msg(p.error)}
        </p>
      )}
      {p.type === "password" ? (
        <input type="password" {...attributes} />
      ) : p.type === "email" ? (
        <input type="email" {...attributes} />
      ) : (
        <input type="text" {...attributes} />
      )}
    </div>
  );
};
