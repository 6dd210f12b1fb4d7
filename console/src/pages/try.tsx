/** @jsxImportSource preact */
/**
 * "Try sign-in" (docs/console.md): an administrator signs in to one of their clients through the
 * hosted pages and sees what the application will get: the ID token's and the access token's claims,
 * decoded, each with what it means.
 *
 * The way back is the console's own test page, `<issuer>/console/try-callback`, which the client must
 * list among its redirect URIs: the panel adds it with one click (and removes it again). The console's
 * own client (`sso-console`) is never used for another client's code.
 * - A public client: the test page redeems the code with PKCE, exactly as a browser app does: the
 *   page runs examples/oidc/spa/signin.ts, the SPA guide's file.
 * - A confidential client: the page shows the code; the tokens need the client secret, which the
 *   console never has. The administrator may paste it: it stays in that page's memory, goes only to
 *   this service's token endpoint, and is never stored.
 */
import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { handleCallback, PENDING, signIn } from "../../../examples/oidc/spa/signin";
import { api, ok, type Answer } from "../api";
import { authorizationServer, ISSUER } from "../api/signin";
import { SIGN_IN_SCOPE } from "../guides";
import { type ConsoleKey, t } from "../i18n";
import { en } from "../i18n/en";
import { ErrorNote, Field, Loading, localTime, Msg, useForm } from "../ui";

type Client = Answer<"/api/clients/{clientId}", "get">;

/** The console's test redirect page. */
export const TRY_REDIRECT_URI = `${ISSUER}/console/try-callback`;
/** Which client the trip is for (the test page needs its id and type), until the page is back. */
const TRYING = "sso-console.try";
interface Trying {
  clientId: string;
  name: string;
  type: Client["type"];
}

const config = (clientId: string) => ({
  issuer: ISSUER,
  clientId,
  redirectUri: TRY_REDIRECT_URI,
  scope: SIGN_IN_SCOPE,
});

/** The "Try sign-in" panel of a client: add the test redirect URI, then open the hosted sign-in. */
export function TrySignIn({
  client,
  onChanged,
  onClose,
}: {
  client: Client;
  onChanged: () => void;
  onClose: () => void;
}) {
  const f = useForm();
  const registered = client.redirectUris.includes(TRY_REDIRECT_URI);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const setRedirects = (redirectUris: string[]) =>
    f.run(async () => {
      await ok(
        api.PATCH("/api/clients/{clientId}", {
          params: { path: { clientId: client.clientId } },
          body: { redirectUris },
        }),
      );
      onChanged();
    });
  return (
    <section class="panel notice" aria-labelledby="try-title">
      <h2 id="try-title" tabIndex={-1} ref={heading}>
        {t("try.title", { name: client.name })}
      </h2>
      <p>{t("try.intro")}</p>
      <p>
        <Msg id="try.redirect" values={{ uri: <code>{TRY_REDIRECT_URI}</code> }} />
      </p>
      <p class="hint">{client.type === "public" ? t("try.public") : t("try.confidential")}</p>
      <ErrorNote error={f.formError([])} />
      <div class="actions">
        {registered ? (
          <>
            <button
              type="button"
              class="primary"
              disabled={f.busy}
              onClick={() =>
                void f.run(async () => {
                  const trying: Trying = { clientId: client.clientId, name: client.name, type: client.type };
                  sessionStorage.setItem(TRYING, JSON.stringify(trying));
                  await signIn(config(client.clientId));
                })
              }
            >
              {t("try.open")}
            </button>
            <button
              type="button"
              disabled={f.busy}
              onClick={() => void setRedirects(client.redirectUris.filter((u) => u !== TRY_REDIRECT_URI))}
            >
              {t("try.removeRedirect")}
            </button>
          </>
        ) : (
          <button
            type="button"
            class="primary"
            disabled={f.busy}
            onClick={() => void setRedirects([...client.redirectUris, TRY_REDIRECT_URI])}
          >
            {t("try.addRedirect")}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t("try.close")}
        </button>
      </div>
    </section>
  );
}

const CLAIMS = [
  "iss",
  "sub",
  "aud",
  "exp",
  "iat",
  "nbf",
  "auth_time",
  "nonce",
  "acr",
  "amr",
  "sid",
  "azp",
  "at_hash",
  "jti",
  "client_id",
  "scope",
  "email",
  "email_verified",
  "name",
  "preferred_username",
  "locale",
  "updated_at",
  "uid",
  "org_id",
  "org_name",
  "org_path",
  "tenant_id",
  "permissions",
  "scope_self",
  "scope_subtree",
  "token_use",
  "typ",
  "userinfo_claims",
] as const;
const TIMES = new Set(["exp", "iat", "nbf", "auth_time", "updated_at"]);

function meaning(claim: string): string {
  const key = `try.claim.${claim}`;
  return (CLAIMS as readonly string[]).includes(claim) && key in en ? t(key as ConsoleKey) : t("try.claimUnknown");
}

function ClaimsTable({ caption, claims }: { caption: string; claims: Record<string, unknown> }) {
  return (
    <table class="claims">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("try.colClaim")}</th>
          <th scope="col">{t("try.colValue")}</th>
          <th scope="col">{t("try.colMeaning")}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(claims).map(([k, v]) => (
          <tr key={k}>
            <td>
              <code>{k}</code>
            </td>
            <td>
              <code>{typeof v === "string" ? v : JSON.stringify(v)}</code>
              {TIMES.has(k) && typeof v === "number" ? <> ({localTime(new Date(v * 1000))})</> : null}
            </td>
            <td>{meaning(k)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Result {
  idToken: string;
  accessToken: string;
}

function Tokens({ result }: { result: Result }) {
  return (
    <>
      <p class="ok" role="status">
        {t("try.done")}
      </p>
      <ClaimsTable caption={t("try.idClaims")} claims={decodeJwt(result.idToken) as Record<string, unknown>} />
      <ClaimsTable caption={t("try.accessClaims")} claims={decodeJwt(result.accessToken) as Record<string, unknown>} />
    </>
  );
}

/** A confidential client's code: shown, and redeemed only with a secret the administrator pastes. */
function Confidential({ trying }: { trying: Trying }) {
  const [code, setCode] = useState<{ params: URLSearchParams; pending: { verifier: string; nonce: string } } | null>(
    null,
  );
  const [error, setError] = useState<unknown>(null);
  const [secret, setSecret] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const f = useForm();
  useEffect(() => {
    (async () => {
      const raw = sessionStorage.getItem(PENDING);
      sessionStorage.removeItem(PENDING);
      if (!raw) throw new Error(t("try.notStarted"));
      const pending = JSON.parse(raw) as { verifier: string; state: string; nonce: string };
      const params = oauth.validateAuthResponse(
        await authorizationServer(),
        { client_id: trying.clientId },
        new URL(location.href),
        pending.state,
      );
      history.replaceState(null, "", location.pathname);
      setCode({ params, pending });
    })().catch(setError);
  }, []);
  if (error) return <ErrorNote error={error} />;
  if (!code) return <Loading />;
  if (result) return <Tokens result={result} />;
  return (
    <>
      <p>
        <Msg id="try.codeIssued" values={{ code: <code class="wrap">{code.params.get("code")}</code> }} />
      </p>
      <form
        class="panel"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const as = await authorizationServer();
            const client = { client_id: trying.clientId };
            const options = ISSUER.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {};
            const res = await oauth.authorizationCodeGrantRequest(
              as,
              client,
              oauth.ClientSecretBasic(secret),
              code.params,
              TRY_REDIRECT_URI,
              code.pending.verifier,
              options,
            );
            const r = await oauth.processAuthorizationCodeResponse(as, client, res, {
              expectedNonce: code.pending.nonce,
              requireIdToken: true,
            });
            setSecret("");
            setResult({ idToken: r.id_token!, accessToken: r.access_token });
          });
        }}
      >
        <p>{t("try.secretWhy")}</p>
        <Field
          label={t("try.secret")}
          type="password"
          value={secret}
          onValue={setSecret}
          autoComplete="off"
          required
          hint={t("try.secretHint")}
        />
        <ErrorNote error={f.formError([])} />
        <button type="submit" class="primary" disabled={f.busy}>
          {t("try.redeem")}
        </button>
      </form>
    </>
  );
}

function Public({ trying }: { trying: Trying }) {
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    handleCallback(config(trying.clientId)).then((r) => {
      setResult(r);
      // A try keeps nothing: its refresh token (if the client has that grant) is revoked at once.
      if (r.refreshToken)
        void fetch(`${ISSUER}/oauth2/revoke`, {
          method: "POST",
          body: new URLSearchParams({
            token: r.refreshToken,
            token_type_hint: "refresh_token",
            client_id: trying.clientId,
          }),
        }).catch(() => {});
    }, setError);
  }, []);
  if (error) return <ErrorNote error={error} />;
  if (!result) return <Loading />;
  return <Tokens result={result} />;
}

/** `/console/try-callback`: needs no console sign-in (the tokens are the tried client's, not the console's). */
export function TryCallback() {
  const [trying] = useState<Trying | null>(() => {
    const raw = sessionStorage.getItem(TRYING);
    sessionStorage.removeItem(TRYING);
    return raw ? (JSON.parse(raw) as Trying) : null;
  });
  const refused = new URLSearchParams(location.search).get("error_description");
  let body: ComponentChildren;
  if (!trying) body = <ErrorNote error={new Error(t("try.notStarted"))} />;
  else if (refused) body = <ErrorNote error={new Error(refused)} />;
  else body = trying.type === "public" ? <Public trying={trying} /> : <Confidential trying={trying} />;
  return (
    <main class="try" id="main">
      <section>
        <h1>{trying ? t("try.resultTitle", { name: trying.name }) : t("try.resultTitleNone")}</h1>
        {body}
        <p>
          <a class="button" href="/console/clients">
            {t("try.back")}
          </a>
        </p>
      </section>
    </main>
  );
}
