/** @jsxImportSource preact */
/**
 * "Connect an application": for one API client, its own values (issuer, discovery URL, client id,
 * redirect URI, scopes, audience) and a guide per stack (Node, Python, Go, Java/Spring, a browser
 * SPA, and resource servers in Node, Python and Go). The code is the example file the tests run
 * (console/src/guides.ts; the bundle gets the files at build time), the values go on its run line.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import sources from "sso-examples";
import { currentClaims, type Answer } from "../api";
import { GUIDE_IDS, type GuideId, SIGN_IN_SCOPE, snippets } from "../guides";
import { t } from "../i18n";
import { Secret, Select } from "../ui";

type Client = Answer<"/api/clients/{clientId}", "get">;

/** A block of code with a copy button; the block scrolls by itself (and takes the focus to do so). */
export function Code({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <div class="code-block">
      <div class="actions">
        <strong>{label}</strong>{" "}
        <button
          type="button"
          class="small"
          onClick={() =>
            navigator.clipboard.writeText(code).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            )
          }
        >
          {t("ui.copy")}
          <span class="sr-only"> {label}</span>
        </button>{" "}
        <span class="hint" aria-live="polite">
          {copied === "yes" ? t("ui.copied") : copied === "no" ? t("ui.copyFailed") : ""}
        </span>
      </div>
      <pre class="code" tabIndex={0} role="region" aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

const LABELS: Record<GuideId, Parameters<typeof t>[0]> = {
  node: "connect.stack.node",
  python: "connect.stack.python",
  go: "connect.stack.go",
  spring: "connect.stack.spring",
  spa: "connect.stack.spa",
  "rs-node": "connect.stack.rsNode",
  "rs-python": "connect.stack.rsPython",
  "rs-go": "connect.stack.rsGo",
};

export function ConnectGuide({
  client,
  audience,
  onClose,
}: {
  client: Client;
  audience: string | null;
  onClose: () => void;
}) {
  const issuer = currentClaims()!.iss;
  // Opened from a row below: the guide takes the focus (and scrolls into view).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [stack, setStack] = useState<GuideId>(client.type === "public" ? "spa" : "node");
  const values = {
    issuer,
    clientId: client.clientId,
    redirectUri: client.redirectUris[0] ?? null,
    scopes: client.scopes,
    audience,
    confidential: client.type === "confidential",
  };
  const s = snippets(sources, values).find((x) => x.id === stack)!;
  return (
    <section class="panel notice" aria-labelledby="connect-title">
      <h2 id="connect-title" tabIndex={-1} ref={heading}>
        {t("connect.title", { name: client.name })}
      </h2>
      <p>{t("connect.intro")}</p>
      <dl class="values">
        <dt>{t("connect.issuer")}</dt>
        <dd>
          <code>{issuer}</code>
        </dd>
        <dt>{t("connect.discovery")}</dt>
        <dd>
          <code>{`${issuer}/.well-known/openid-configuration`}</code>
        </dd>
        <dt>{t("connect.clientId")}</dt>
        <dd>
          <code>{client.clientId}</code>
        </dd>
        <dt>{t("connect.clientType")}</dt>
        <dd>{client.type === "public" ? t("connect.public") : t("connect.confidential")}</dd>
        <dt>{t("connect.redirectUri")}</dt>
        <dd>{client.redirectUris.length ? <code>{client.redirectUris.join(" ")}</code> : t("connect.noRedirect")}</dd>
        <dt>{t("connect.scope")}</dt>
        <dd>
          <code>{SIGN_IN_SCOPE}</code>
          {client.scopes.length ? <> {t("connect.clientScopes", { scopes: client.scopes.join(" ") })}</> : null}
        </dd>
        <dt>{t("connect.audience")}</dt>
        <dd>{audience ? <code>{audience}</code> : t("connect.noAudience")}</dd>
      </dl>
      <Secret label={t("connect.clientIdCopy")} value={client.clientId} note="" />
      <div class="toolbar">
        <Select
          label={t("connect.stack")}
          value={stack}
          onValue={setStack}
          options={GUIDE_IDS.map((id) => ({ value: id, label: t(LABELS[id]) }))}
        />
      </div>
      {s.clientType && s.clientType !== client.type ? (
        <p class="hint">{s.clientType === "public" ? t("connect.forPublic") : t("connect.forConfidential")}</p>
      ) : null}
      {s.resourceServer ? <p class="hint">{t("connect.resourceServer")}</p> : null}
      {s.more.length ? <p class="hint">{t("connect.springNote")}</p> : null}
      <p class="hint">{t("connect.fromFile", { file: s.file })}</p>
      <Code label={t("connect.run", { stack: t(LABELS[stack]) })} code={s.run} />
      <Code label={s.file} code={s.code} />
      {s.more.map((f) => (
        <Code key={f.file} label={f.file} code={f.code} />
      ))}
      <div class="actions">
        <button type="button" onClick={onClose}>
          {t("connect.close")}
        </button>
      </div>
    </section>
  );
}
