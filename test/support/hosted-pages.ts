/**
 * A browser without JavaScript for the hosted pages, through the real app: a cookie jar, no
 * redirect following unless asked, and the form fields a page carries (test/http/authorize.test.ts,
 * test/http/oidc-flow.test.ts).
 */
import { ISSUER, type TestApp } from "./app";
import { fieldOf } from "./page-fields";

export { fieldOf };

/** A browser without JavaScript: a cookie jar, no redirect following. */
export function browser(target: TestApp) {
  const jar = new Map<string, string>();
  async function send(method: string, path: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(form).toString();
    }
    const url = path.startsWith("http") ? path : `${ISSUER}${path}`;
    const res = await target.app.handle(new Request(url, { method, headers, body }));
    for (const c of res.headers.getSetCookie()) {
      const parsed = new Bun.Cookie(c);
      if (parsed.maxAge === 0 || parsed.value === "") jar.delete(parsed.name);
      else jar.set(parsed.name, parsed.value);
    }
    return res;
  }
  return {
    jar,
    get: (path: string) => send("GET", path),
    post: (path: string, form: Record<string, string>) => send("POST", path, form),
    /** Follows 303s within the service; answers the last response (a page, or a 303 leaving the service). */
    async follow(res: Response): Promise<Response> {
      while (res.status === 303 && res.headers.get("location")!.startsWith("/")) {
        res = await send("GET", res.headers.get("location")!);
      }
      return res;
    },
  };
}

/** Submits a page's form (`action` path) with its CSRF and interaction fields. */
export async function submit(
  b: ReturnType<typeof browser>,
  page: Response,
  action: string,
  fields: Record<string, string>,
) {
  const html = await page.text();
  return b.post(action, { csrf: fieldOf(html, "csrf"), interaction: fieldOf(html, "interaction"), ...fields });
}

/** A fixed PKCE pair (RFC 7636 §4.1: 43–128 unreserved characters; S256 challenge). */
export const PKCE_VERIFIER = "the-verifier-of-this-test-0123456789-abcdefghij";
export const PKCE_CHALLENGE = Buffer.from(new Bun.CryptoHasher("sha256").update(PKCE_VERIFIER).digest()).toString(
  "base64url",
);

/** An authorization request's path for `clientId`: code flow, the fixed PKCE challenge, `extra` added or overriding. */
export const authorizePath = (clientId: string, redirect: string, extra: Record<string, string> = {}) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: "code",
    scope: "openid",
    state: "s",
    nonce: "n",
    code_challenge: PKCE_CHALLENGE,
    code_challenge_method: "S256",
    ...extra,
  })}`;

/** The code of the 303 leaving the service for `redirect` (checks `iss`, and `state` when given). */
export function codeOfRedirect(res: Response, redirect: string, state?: string): string {
  if (res.status !== 303) throw new Error(`expected a 303 to ${redirect}, got ${res.status}`);
  const loc = new URL(res.headers.get("location")!);
  if (`${loc.origin}${loc.pathname}` !== redirect) throw new Error(`redirected to ${loc.href}, not ${redirect}`);
  if (loc.searchParams.get("iss") !== ISSUER) throw new Error(`iss is ${loc.searchParams.get("iss")}`);
  if (state !== undefined && loc.searchParams.get("state") !== state)
    throw new Error(`state is ${loc.searchParams.get("state")}, not ${state}`);
  const code = loc.searchParams.get("code");
  if (!code) throw new Error(`no code in ${loc.href}`);
  return code;
}

/** POST /oauth2/token with a form; every answer must be `Cache-Control: no-store`. */
export async function tokenEndpoint(target: TestApp, form: Record<string, string>) {
  const res = await target.app.handle(
    new Request(`${ISSUER}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    }),
  );
  if (!(res.headers.get("cache-control") ?? "").includes("no-store")) throw new Error("token answer is not no-store");
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** The authorization_code grant for a public client with the fixed PKCE verifier. */
export const exchangeCode = (target: TestApp, clientId: string, code: string, redirect: string) =>
  tokenEndpoint(target, {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    redirect_uri: redirect,
    code_verifier: PKCE_VERIFIER,
  });

/** Posts the sign-in page `page` with an email and password, and follows the service's own 303s. */
export async function passwordSignIn(b: ReturnType<typeof browser>, page: Response, email: string, password: string) {
  const html = await page.text();
  const posted = await b.post("/oauth2/authorize/password", {
    csrf: fieldOf(html, "csrf"),
    interaction: fieldOf(html, "interaction"),
    email,
    password,
  });
  return b.follow(posted);
}
