/**
 * Registers what the conformance suite needs through our own API and writes one suite config per
 * plan (scripts/oidf/run.sh runs it once the service is up). Nothing here touches the store
 * directly: an application, a test user and, per plan, three confidential clients ("client",
 * "client2" and "client_secret_post" of the suite) whose redirect, post-logout and back-channel URIs are the suite's URLs
 * for that plan's alias (`<suite>/test/a/<alias>/callback`, `…/post_logout_redirect`,
 * `…/backchannel_logout`).
 *
 * Environment (all set by run.sh):
 *   OIDF_OP_URL         our issuer as the suite sees it (https://localhost:19443)
 *   OIDF_SUITE_URL      the suite's external base URL (https://127.0.0.1:18443)
 *   OIDF_ADMIN_EMAIL / OIDF_ADMIN_PASSWORD   the bootstrap administrator
 *   OIDF_USER_EMAIL / OIDF_USER_PASSWORD     the test user the browser script signs in as
 *   OIDF_REQUIRE_PKCE   "false" (default): register the clients with `requirePkce: false`
 *                       (CONTRACT §12: a confidential client may opt out; the suite's OIDC modules
 *                       send no code_challenge). "true" or "omit": send no such field.
 *   OIDF_FIRST_PARTY    "true" (default): no consent page; "false": the consent page is shown
 *                       and the browser script clicks "Allow".
 *   OIDF_OUT            where to write configs/<plan>.json and plans.tsv
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`${name} is required`);
  return v;
};
const OP = env("OIDF_OP_URL").replace(/\/+$/, "");
const SUITE = env("OIDF_SUITE_URL").replace(/\/+$/, "");
const ADMIN = { email: env("OIDF_ADMIN_EMAIL"), password: env("OIDF_ADMIN_PASSWORD") };
const USER = { email: env("OIDF_USER_EMAIL"), password: env("OIDF_USER_PASSWORD") };
const REQUIRE_PKCE = env("OIDF_REQUIRE_PKCE", "false");
const FIRST_PARTY = env("OIDF_FIRST_PARTY", "true") !== "false";
const OUT = env("OIDF_OUT");

async function call(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const r = await fetch(OP + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300)
    throw Object.assign(new Error(`${method} ${path}: ${r.status} ${text}`), { status: r.status, text });
  return text ? JSON.parse(text) : {};
}

// ---- the plans ------------------------------------------------------------------------------

interface Plan {
  /** File name of the config and the alias at the suite (one alias per plan: its own clients). */
  alias: string;
  /** The plan as run-test-plan.py takes it: name[variant=value]… */
  spec: string;
  description: string;
  backchannel?: boolean;
}

const PLANS: Plan[] = [
  {
    alias: "sso-basic",
    spec: "oidcc-basic-certification-test-plan[server_metadata=discovery][client_registration=static_client]",
    description: "Basic OP",
  },
  {
    alias: "sso-config",
    spec: "oidcc-config-certification-test-plan",
    description: "Config OP",
  },
  {
    alias: "sso-formpost",
    spec: "oidcc-formpost-basic-certification-test-plan[server_metadata=discovery][client_registration=static_client]",
    description: "Form Post OP",
  },
  {
    alias: "sso-rp-logout",
    spec: "oidcc-rp-initiated-logout-certification-test-plan[response_type=code][client_registration=static_client]",
    description: "RP-Initiated Logout OP",
  },
  {
    alias: "sso-backchannel",
    spec: "oidcc-backchannel-rp-initiated-logout-certification-test-plan[response_type=code][client_registration=static_client]",
    description: "Back-Channel Logout OP",
    backchannel: true,
  },
];

// ---- the browser script ---------------------------------------------------------------------
// The suite drives our hosted pages with HtmlUnit (BrowserControl.java): each entry's "match" is
// the URL the suite sends the browser to; its tasks run in order, each on the page whose URL
// matches the task's "match" (an optional task whose URL does not match is skipped).

type Cmd = (string | number)[];
type Task = { task: string; match: string; optional?: boolean; commands?: Cmd[] };
type Browser = { match: string; tasks: Task[] }[];

const AUTHORIZE = `${OP}/oauth2/authorize*`;
const LOGOUT = `${OP}/oauth2/logout*`;
/** Every error page of the service names a reference for support (pages/pages/error.tsx). */
const ERROR_PAGE = "Reference: ";

/**
 * The sign-in page: GET /oauth2/authorize?… shows it at once; a POSTed request (oidcc-ensure-post-
 * request-succeeds) shows it after a 303 to /oauth2/authorize/resume. Every command is optional so
 * that a page without the form (already signed in) passes on; the final "Verify Complete" then
 * says where the browser ended, with the page's source in the suite's log.
 */
function signIn(screenshot = false): Task {
  return {
    task: "Sign in (email and password)",
    optional: true,
    match: `${OP}/oauth2/authorize*`,
    commands: [
      // prompt=login and max_age=1 must show the sign-in page again: a screenshot for the reviewer.
      ...(screenshot ? [["wait", "xpath", "//*", 10, "Sign in", "update-image-placeholder-optional"] as Cmd] : []),
      ["text", "name", "email", USER.email, "optional"],
      ["text", "name", "password", USER.password, "optional"],
      ["click", "css", "button[type=submit].primary", "optional"],
    ],
  };
}
const consent: Task = {
  task: "Consent (third-party clients only)",
  optional: true,
  match: `${OP}/oauth2/authorize*`,
  commands: [["click", "css", "button[name=decision][value=allow]", "optional"]],
};
// Matched with the suite's own origin: a bare "*/test/*/callback*" also matches our pages, whose
// query carries the redirect_uri.
const backAtClient: Task = {
  task: "Verify Complete",
  match: `${SUITE}/test/*/callback*`,
  commands: [["wait", "id", "submission_complete", 10]],
};
const login = (screenshot = false) => ({ match: AUTHORIZE, tasks: [signIn(screenshot), consent, backAtClient] });
/** The authorization request ends on our error page (a screenshot), or back at the client. */
const errorPageOrBack = {
  match: AUTHORIZE,
  tasks: [
    {
      task: "Expect the error page",
      optional: true,
      match: AUTHORIZE,
      commands: [["wait", "xpath", "//*", 10, ERROR_PAGE, "update-image-placeholder"]],
    },
    { ...backAtClient, optional: true },
  ],
};

/** Logout that may ask first (no valid id_token_hint); then back at the client. */
const logoutAndReturn = {
  match: LOGOUT,
  tasks: [
    {
      task: "Confirm sign-out if asked",
      optional: true,
      match: LOGOUT,
      commands: [["click", "css", "button[name=decision][value=logout]", "optional"]],
    },
    { task: "Verify Complete", match: `${SUITE}/test/*/post_logout_redirect*` },
  ],
};
/** Logout that must end on a page of ours: `expect` is a regular expression found in its text. */
function logoutPage(expect: string, confirmFirst: boolean) {
  return {
    match: LOGOUT,
    tasks: [
      ...(confirmFirst
        ? [
            {
              task: "Confirm sign-out if asked",
              optional: true,
              match: LOGOUT,
              commands: [["click", "css", "button[name=decision][value=logout]", "optional"]],
            },
          ]
        : []),
      {
        task: "Expect our page (screenshot)",
        match: `${OP}/*`,
        commands: [["wait", "xpath", "//*", 10, expect, "update-image-placeholder"]],
      },
    ],
  };
}
const SIGNED_OUT = "You are signed out";
/** Either the confirmation page (the person is asked) or an error page. */
const ASKED_OR_ERROR = `Sign out of|Do you want to sign out|${ERROR_PAGE}`;

const overrides: Record<string, { browser: Browser }> = {
  // Basic and Form Post: the modules that accept an error page (a screenshot) or an error sent back
  // to the client (AbstractOIDCCServerTestExpectingAuthorizationEndpointPlaceholderOrCallback and
  // AbstractOIDCCRequestObjectServerTestExpectingRedirectOrPlaceholder); the suite judges which.
  ...Object.fromEntries(
    [
      "oidcc-ensure-registered-redirect-uri",
      "oidcc-ensure-redirect-uri-in-authorization-request",
      "oidcc-redirect-uri-query-added",
      "oidcc-redirect-uri-query-mismatch",
      "oidcc-ensure-request-object-with-redirect-uri",
      "oidcc-ensure-request-without-nonce-fails",
      "oidcc-response-type-missing",
    ].map((m) => [m, { browser: [errorPageOrBack] }]),
  ),
  // The sign-in page shown again.
  "oidcc-prompt-login": { browser: [login(true)] },
  "oidcc-max-age-1": { browser: [login(true)] },
  // RP-Initiated Logout: what each module expects of the end_session_endpoint.
  "oidcc-rp-initiated-logout-bad-post-logout-redirect-uri": { browser: [login(), logoutPage(ERROR_PAGE, false)] },
  "oidcc-rp-initiated-logout-query-added-to-post-logout-redirect-uri": {
    browser: [login(), logoutPage(ERROR_PAGE, false)],
  },
  "oidcc-rp-initiated-logout-modified-id-token-hint": { browser: [login(), logoutPage(ASKED_OR_ERROR, false)] },
  "oidcc-rp-initiated-logout-bad-id-token-hint": { browser: [login(), logoutPage(ASKED_OR_ERROR, false)] },
  "oidcc-rp-initiated-logout-no-id-token-hint": { browser: [login(), logoutPage(ASKED_OR_ERROR, false)] },
  "oidcc-rp-initiated-logout-no-params": { browser: [login(), logoutPage(SIGNED_OUT, true)] },
  "oidcc-rp-initiated-logout-only-state": { browser: [login(), logoutPage(SIGNED_OUT, true)] },
  "oidcc-rp-initiated-logout-no-post-logout-redirect-uri": { browser: [login(), logoutPage(SIGNED_OUT, true)] },
};

// ---- registration ---------------------------------------------------------------------------

async function main() {
  mkdirSync(join(OUT, "configs"), { recursive: true });
  const admin = (await call("POST", "/api/auth/login", ADMIN)).accessToken as string;
  const [{ organizationId: org }] = await call("GET", "/api/users/me/memberships", undefined, admin);

  const application = await call(
    "POST",
    "/api/applications",
    { organizationId: org, identifier: `${OP}/oidf-conformance`, name: "OpenID conformance suite" },
    admin,
  );
  // The user's profile is what the scope modules read (name from fullName; email).
  await call(
    "POST",
    "/api/users",
    { organizationId: org, email: USER.email, fullName: "Conformance Tester", password: USER.password },
    admin,
  );

  let pkceNote = "";
  async function register(plan: Plan, n: 1 | 2 | 3) {
    const base = `${SUITE}/test/a/${plan.alias}`;
    const body: Record<string, unknown> = {
      name: `OIDF ${plan.description} ${["client", "client2", "client_secret_post"][n - 1]}`,
      orgId: org,
      applicationId: application.id,
      type: "confidential",
      firstParty: FIRST_PARTY,
      grantTypes: ["authorization_code", "refresh_token"],
      redirectUris: [`${base}/callback`],
      postLogoutRedirectUris: [`${base}/post_logout_redirect`],
      ...(plan.backchannel ? { backchannelLogoutUri: `${base}/backchannel_logout` } : {}),
    };
    if (REQUIRE_PKCE === "false") body.requirePkce = false;
    try {
      return await call("POST", "/api/clients", body, admin);
    } catch (e) {
      // A service without the field may refuse it: register without (PKCE then stays required).
      if (!("requirePkce" in body) || !String((e as { text?: string }).text ?? "").includes("requirePkce")) throw e;
      delete body.requirePkce;
      pkceNote = "the service refused requirePkce: clients registered without it (PKCE required)";
      return await call("POST", "/api/clients", body, admin);
    }
  }

  const lines: string[] = [];
  for (const plan of PLANS) {
    const c1 = await register(plan, 1);
    const c2 = await register(plan, 2);
    // oidcc-server-client-secret-post reads its client from "client_secret_post".
    const c3 = await register(plan, 3);
    const read = await call("GET", `/api/clients/${c1.clientId}`, undefined, admin);
    if (REQUIRE_PKCE === "false" && read.requirePkce !== false && !pkceNote)
      pkceNote = "requirePkce: false was sent but the service does not report it (ignored: PKCE still required)";
    const config = {
      alias: plan.alias,
      description: `SSO service: ${plan.description}`,
      server: { discoveryUrl: `${OP}/.well-known/openid-configuration` },
      client: { client_id: c1.clientId, client_secret: c1.clientSecret },
      client2: { client_id: c2.clientId, client_secret: c2.clientSecret },
      client_secret_post: { client_id: c3.clientId, client_secret: c3.clientSecret },
      browser: [login(), logoutAndReturn],
      override: overrides,
    };
    const file = join(OUT, "configs", `${plan.alias}.json`);
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    lines.push(`${plan.alias}\t${plan.spec}\t${file}`);
  }
  writeFileSync(join(OUT, "plans.tsv"), `${lines.join("\n")}\n`);
  console.log(`registered: application ${application.id}, user ${USER.email}, ${PLANS.length * 3} clients`);
  if (pkceNote) console.log(`note: ${pkceNote}`);
  writeFileSync(join(OUT, "pkce-note.txt"), pkceNote ? `${pkceNote}\n` : "requirePkce: false accepted\n");
}

await main();
