/**
 * A browser without JavaScript for the hosted pages, through the real app: a cookie jar, no
 * redirect following unless asked, and the form fields a page carries (test/http/authorize.test.ts,
 * test/http/oidc-flow.test.ts).
 */
import { ISSUER, type TestApp } from "./app";

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

/** The value of the form field `name` in a page. */
export function fieldOf(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const v = tag && /value="([^"]*)"/.exec(tag)?.[1];
  if (v === undefined || v === null) throw new Error(`no field ${name} in the page`);
  return v.replace(/&amp;/g, "&");
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
