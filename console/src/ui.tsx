/** @jsxImportSource preact */
/**
 * The console's building blocks: data loading with loading/empty/error states, labelled fields that
 * show the API's field errors beside the input they name, a confirmation dialog (the native modal
 * <dialog>: focus trapped, Escape closes), a show-once secret with a copy button.
 */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useId, useRef, useState } from "preact/hooks";
import { ApiError } from "./api";
import { type ConsoleKey, consoleLocale, t } from "./i18n";

export function useAsync<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, n]);
  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    reload: useCallback(() => setN((x) => x + 1), []),
  };
}

/** A message for any failure; 403 says plainly that the signed-in user may not do this. */
export function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const p = error.problem;
    if (p.status === 403) return t("ui.notAllowed", { detail: p.detail || t("ui.notAllowedDefault") });
    if (p.status === 401 && !p.detail) return t("ui.sessionEnded");
    return p.detail || p.title;
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const unplaced = error instanceof ApiError && error.problem.errors?.length ? error.problem.errors : null;
  return (
    <div class="error" role="alert">
      <p>{describe(error)}</p>
      {unplaced && unplaced.length > 1 ? (
        <ul>
          {unplaced.map((e) => (
            <li key={e.field}>
              <code>{e.field}</code> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Loading({ what = t("ui.loading") }: { what?: string }) {
  return (
    <p class="muted" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

/** Renders the three states of a load: loading, error, then `children(data)` (with an empty message). */
export function Loaded<T>({
  state,
  empty,
  children,
}: {
  state: { data: T | undefined; error: unknown; loading: boolean };
  empty?: string;
  children: (data: T) => ComponentChildren;
}) {
  if (state.error) return <ErrorNote error={state.error} />;
  if (state.data === undefined) return <Loading />;
  if (empty && Array.isArray(state.data) && state.data.length === 0) return <Empty>{empty}</Empty>;
  return <>{children(state.data)}</>;
}

/** A form whose submit runs `action`; its failure is shown at the fields it names, or above the button. */
export function useForm() {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) => (error instanceof ApiError ? error.fieldMessage(name) : undefined);
  /** The failure, unless each field it names has a place in this form. */
  const formError = (fields: string[]) => {
    if (!(error instanceof ApiError)) return error;
    const errs = error.problem.errors ?? [];
    return errs.length && errs.every((e) => fields.some((f) => e.field === f || e.field.endsWith(`.${f}`)))
      ? null
      : error;
  };
  return { error, busy, run, fieldError, formError, setError };
}

type InputProps = {
  type?: "text" | "email" | "password" | "search" | "url" | "datetime-local";
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  placeholder?: string;
  inputMode?: "numeric" | "text" | "email";
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
};

export function Field({ label, value, onValue, error, hint, ...rest }: InputProps) {
  const id = useId();
  const note = error ? `${id}-err` : hint ? `${id}-hint` : undefined;
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        onInput={(e) => onValue((e.target as HTMLInputElement).value)}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={note}
        {...(rest as Record<string, unknown>)}
      />
      {error ? (
        <span class="field-error" id={`${id}-err`}>
          {error}
        </span>
      ) : hint ? (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function Select<T extends string | number>({
  label,
  value,
  onValue,
  options,
  error,
  disabled,
}: {
  label: string;
  value: T;
  onValue: (v: T) => void;
  options: { value: T; label: string }[];
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => {
          const raw = (e.target as HTMLSelectElement).value;
          onValue((typeof value === "number" ? Number(raw) : raw) as T);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span class="field-error" id={`${id}-err`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Check({ label, checked, onValue }: { label: string; checked: boolean; onValue: (v: boolean) => void }) {
  const id = useId();
  return (
    <div class="check">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onValue((e.target as HTMLInputElement).checked)}
      />
      <label for={id}>{label}</label>
    </div>
  );
}

/**
 * A modal confirmation. `typeToConfirm` asks the person to type a value (the user's email before an
 * erasure) so that a destructive action cannot be confirmed by a stray Enter.
 */
export function Confirm({
  title,
  children,
  action,
  danger = true,
  typeToConfirm,
  onDone,
  onCancel,
}: {
  title: string;
  children: ComponentChildren;
  action: string;
  danger?: boolean;
  typeToConfirm?: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const f = useForm();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const ready = !typeToConfirm || typed.trim().toLowerCase() === typeToConfirm.toLowerCase();
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void f.run(onDone);
        }}
      >
        <h2 id="confirm-title">{title}</h2>
        <div>{children}</div>
        {typeToConfirm ? (
          <Field
            label={t("ui.typeToConfirm", { value: typeToConfirm })}
            value={typed}
            onValue={setTyped}
            autoComplete="off"
          />
        ) : null}
        <ErrorNote error={f.error} />
        <div class="actions">
          <button type="button" onClick={onCancel}>
            {t("ui.cancel")}
          </button>
          <button type="submit" class={danger ? "danger" : "primary"} disabled={!ready || f.busy}>
            {f.busy ? t("ui.working") : action}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A value shown once (a client secret, a webhook secret, a setup token) with a copy button. */
export function Secret({ label, value, note }: { label: string; value: string; note?: string }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  const id = useId();
  return (
    <div class="secret" role="region" aria-label={label}>
      <label for={id}>{label}</label>
      <div class="secret-row">
        <input id={id} readOnly value={value} class="mono" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            )
          }
        >
          {t("ui.copy")}
        </button>
      </div>
      <p class="hint" aria-live="polite">
        {copied === "yes" ? `${t("ui.copied")} ` : copied === "no" ? `${t("ui.copyFailed")} ` : ""}
        {note ?? t("ui.shownOnce")}
      </p>
    </div>
  );
}

/** Previous / next over cursor pages (the page number is shown, not a total the API does not count). */
export function Pager({
  page,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  if (page === 0 && !hasNext) return null;
  return (
    <nav class="pager" aria-label={t("ui.pages")}>
      <button type="button" disabled={page <= 0} onClick={onPrevious}>
        {t("ui.previous")}
      </button>
      <span>{t("ui.page", { page: page + 1 })}</span>
      <button type="button" disabled={!hasNext} onClick={onNext}>
        {t("ui.next")}
      </button>
    </nav>
  );
}

/** A date and time in the console's language (English: the browser's own format). */
export const localTime = (date: Date) => date.toLocaleString(consoleLocale === "en" ? undefined : consoleLocale);
export const fmtTime = (iso: string | null | undefined) => (iso ? localTime(new Date(iso)) : "—");

export function Badge({
  children,
  tone = "neutral",
}: {
  children: ComponentChildren;
  tone?: "ok" | "warn" | "bad" | "neutral";
}) {
  return <span class={`badge ${tone}`}>{children}</span>;
}

/**
 * A catalogue message whose `{names}` are elements (a <strong>, a <code>) rather than text: the whole
 * sentence stays one message, its values are put in where it names them.
 */
export function Msg({ id, values }: { id: ConsoleKey; values: Record<string, ComponentChildren> }) {
  const parts = t(id, {}).split(/\{(\w+)\}/);
  return <>{parts.map((part, i) => (i % 2 ? (values[part] ?? `{${part}}`) : part))}</>;
}

/** A table's header row: the column names, and an unnamed (screen-reader "Actions") last column. */
export function Head({ cols, actions = false }: { cols: string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {cols.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span class="sr-only">{t("ui.actions")}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
