/**
 * Browserless drivers of an enterprise sign-in's upstream leg (CONTRACT §16), shared by the tests
 * and the benchmark (bench/federation.ts): the upstream request our start page carries, and
 * panva's oidc-provider driven through its development login and consent pages.
 */

const unescape = (v: string) => v.replaceAll("&amp;", "&").replaceAll("&quot;", '"');

/** The upstream URL a start page's form (GET, submitted by its script) goes to, its hidden fields as the query. */
export function startPageTarget(html: string): string {
  const action = /<form method="get" action="([^"]+)"/.exec(html);
  if (!action) throw new Error("no upstream form on the start page");
  const url = new URL(unescape(action[1]));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    url.searchParams.append(m[1], unescape(m[2]));
  return url.href;
}

/**
 * Our answer at the end of an upstream sign-in as the browser goes on from it: the hand-on page (a
 * GET form to the application, src/protocols/federation/routes.ts) read as the 303 it stands for;
 * any other answer as it is.
 */
export async function handedBack(res: Response): Promise<Response> {
  if (res.status !== 200) return res;
  const html = await res.clone().text();
  if (!html.includes('id="form-post"')) return res;
  return new Response(null, { status: 303, headers: { location: startPageTarget(html) } });
}

/**
 * Drives oidc-provider like a browser from its authorization URL: its dev login (as `accountId`,
 * or abort), its consent, until it redirects to a URL starting with `back` (our issuer). Answers
 * that URL.
 */
export async function atOidcProvider(
  authorizationUrl: string,
  accountId: string | "abort",
  back: string,
  signal?: AbortSignal,
): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let consented = 0;
  for (let hops = 0; hops < 20; hops++) {
    if (url.startsWith(back)) return url;
    const send = async (method: string, form?: Record<string, string>) => {
      const res = await fetch(url, {
        method,
        redirect: "manual",
        signal,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const parsed = new Bun.Cookie(c);
        jar.set(parsed.name, parsed.value);
      }
      return res;
    };
    let res: Response;
    const path = new URL(url).pathname;
    if (/^\/interaction\/[^/]+$/.test(path)) {
      if (accountId === "abort") {
        url = `${url}/abort`;
        res = await send("GET");
      } else
        res = await send("POST", consented++ === 0 ? { prompt: "login", login: accountId } : { prompt: "consent" });
    } else res = await send("GET");
    const loc = res.headers.get("location");
    if (!loc) throw new Error(`upstream answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
    url = new URL(loc, url).href;
  }
  throw new Error("too many upstream hops");
}
