/** @jsxImportSource preact */
/**
 * The admin console: sign-in as an OAuth client of the service through its hosted pages
 * (./api/signin.ts: tokens in memory only), the organization switch and sign-out, then one page per area. Every
 * call goes to the public REST API with the user's own token; navigation shows only the areas the
 * token's permissions open.
 */
import "./styles.css";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { LocationProvider, Route, Router, useLocation } from "preact-iso";
import { api, can, currentIdToken, ok, onSession, publicApi, setSession, type Claims } from "./api";
import { beginSignIn, completeSignIn, SignInError, signOut } from "./api/signin";
import { type ConsoleKey, consoleLocale, t } from "./i18n";
import { OrgsProvider } from "./orgs-context";
import { describe, ErrorNote, Field, Loading, useForm } from "./ui";
import { OrgsPage } from "./pages/orgs";
import { UsersPage } from "./pages/users";
import { RolesPage } from "./pages/roles";
import { AppsPage } from "./pages/apps";
import { ClientsPage } from "./pages/clients";
import { WebhooksPage } from "./pages/webhooks";
import { ScimPage } from "./pages/scim";
import { AuditPage } from "./pages/audit";
import { AccountPage } from "./pages/account";
import { BrandingPage } from "./pages/branding";
import { SsoPage } from "./pages/sso";
import { HomePage } from "./pages/home";
import { TryCallback } from "./pages/try";

interface Area {
  path: string;
  label: ConsoleKey;
  allowed: () => boolean;
}
const AREAS: Area[] = [
  { path: "/console/home", label: "nav.home", allowed: () => true },
  { path: "/console/organizations", label: "nav.organizations", allowed: () => can("ORG_MANAGE") },
  { path: "/console/users", label: "nav.users", allowed: () => can("USER_MANAGE") },
  { path: "/console/roles", label: "nav.roles", allowed: () => can("ROLE_MANAGE") },
  { path: "/console/applications", label: "nav.applications", allowed: () => can("ORG_MANAGE") },
  { path: "/console/clients", label: "nav.clients", allowed: () => can("CLIENT_MANAGE") },
  { path: "/console/webhooks", label: "nav.webhooks", allowed: () => can("ORG_MANAGE") },
  { path: "/console/scim", label: "nav.scim", allowed: () => can("USER_MANAGE") && can("ROLE_MANAGE") },
  { path: "/console/audit", label: "nav.audit", allowed: () => can("AUDIT_VIEW") },
  { path: "/console/branding", label: "nav.branding", allowed: () => can("ORG_MANAGE") },
  { path: "/console/enterprise-sign-in", label: "nav.sso", allowed: () => can("ORG_MANAGE") },
  { path: "/console/account", label: "nav.account", allowed: () => true },
];

/** Redeems a setup or reset token (printed at first start, mailed, or from an administrator's setup link). */
function SetPassword({ onDone }: { onDone: (message: string) => void }) {
  const [token, setToken] = useState(new URLSearchParams(location.search).get("token") ?? "");
  const [newPassword, setNewPassword] = useState("");
  const f = useForm();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          await ok(publicApi.POST("/api/auth/password/reset", { body: { token: token.trim(), newPassword } }));
          onDone(t("public.passwordSet"));
        });
      }}
    >
      <h1>{t("public.setTitle")}</h1>
      <p>{t("public.setIntro")}</p>
      <Field
        label={t("public.token")}
        value={token}
        onValue={setToken}
        autoComplete="off"
        required
        error={f.fieldError("token")}
      />
      <Field
        label={t("public.newPassword")}
        type="password"
        value={newPassword}
        onValue={setNewPassword}
        autoComplete="new-password"
        required
        hint={t("public.passwordHint")}
        error={f.fieldError("newPassword")}
      />
      <ErrorNote error={f.formError(["token", "newPassword"])} />
      <div class="actions">
        <button type="button" onClick={() => onDone("")}>
          {t("public.back")}
        </button>
        <button class="primary" type="submit" disabled={f.busy}>
          {t("public.setPassword")}
        </button>
      </div>
    </form>
  );
}

function Forgot({ onDone }: { onDone: (message: string) => void }) {
  const [email, setEmail] = useState("");
  const f = useForm();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          await ok(publicApi.POST("/api/auth/password/forgot", { body: { email } }));
          onDone(t("public.forgotSent"));
        });
      }}
    >
      <h1>{t("public.forgotTitle")}</h1>
      <Field
        label={t("public.email")}
        type="email"
        value={email}
        onValue={setEmail}
        autoComplete="username"
        required
        error={f.fieldError("email")}
      />
      <ErrorNote error={f.formError(["email"])} />
      <div class="actions">
        <button type="button" onClick={() => onDone("")}>
          {t("public.back")}
        </button>
        <button class="primary" type="submit" disabled={f.busy}>
          {t("public.sendToken")}
        </button>
      </div>
    </form>
  );
}

/** The console's pages that need no sign-in: set a password with a token, and the reset mail. */
const PUBLIC_PATHS: Record<string, "token" | "forgot"> = {
  "/console/set-password": "token",
  "/console/forgot-password": "forgot",
};

function PublicPage({ initial }: { initial: "token" | "forgot" }) {
  const [view, setView] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => (message ? setNotice(message) : void beginSignIn());
  if (notice !== null)
    return (
      <main class="signin">
        <section>
          <h1>{view === "token" ? t("public.passwordSetTitle") : t("public.checkMail")}</h1>
          <p class="ok" role="status">
            {notice}
          </p>
          <div class="actions">
            {view === "forgot" ? (
              <button type="button" onClick={() => (setNotice(null), setView("token"))}>
                {t("public.setTitle")}
              </button>
            ) : null}
            <button type="button" class="primary" onClick={() => void beginSignIn()}>
              {t("public.signIn")}
            </button>
          </div>
        </section>
      </main>
    );
  return <main class="signin">{view === "token" ? <SetPassword onDone={done} /> : <Forgot onDone={done} />}</main>;
}

/** A sign-in that came back without tokens (refused, or the organization could not be used). */
function SignInFailed({ error }: { error: unknown }) {
  const message = error instanceof SignInError || error instanceof Error ? error.message : String(error);
  return (
    <main class="signin">
      <section>
        <h1>{t("signin.failed")}</h1>
        <p class="error" role="alert">
          {message}
        </p>
        <div class="actions">
          <button type="button" class="primary" onClick={() => void beginSignIn()}>
            {t("signin.again")}
          </button>
        </div>
      </section>
    </main>
  );
}

function OrgSwitcher({ claims }: { claims: Claims }) {
  const [orgs, setOrgs] = useState<{ organizationId: number; name: string }[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [switchError, setSwitchError] = useState<unknown>(null);
  useEffect(() => {
    ok(api.GET("/api/users/me/memberships")).then(setOrgs, setError);
  }, [claims.sid]);
  if (error)
    return (
      <span class="muted" title={describe(error)}>
        {claims.org_name}
      </span>
    );
  if (switchError)
    return (
      <span class="error inline-error" role="alert">
        {describe(switchError)}{" "}
        <button type="button" class="small" onClick={() => setSwitchError(null)}>
          {t("shell.ok")}
        </button>
      </span>
    );
  if (!orgs || orgs.length < 2)
    return <span class="org-name">{claims.org_name ?? t("shell.orgNumber", { id: claims.org_id })}</span>;
  return (
    <label class="switcher">
      <span class="sr-only">{t("shell.activeOrg")}</span>
      <select
        value={String(claims.org_id)}
        onChange={(e) => {
          const organizationId = Number((e.target as HTMLSelectElement).value);
          // A new authorization for that organization: no page while the sign-in session lives.
          beginSignIn({ organization: organizationId, prompt: "none" }).catch(setSwitchError);
        }}
      >
        {orgs.map((o) => (
          <option key={o.organizationId} value={String(o.organizationId)}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Home() {
  const first = AREAS.find((a) => a.allowed() && a.path !== "/console/account") ?? AREAS[AREAS.length - 1];
  const { route } = useLocation();
  useEffect(() => route(first.path, true), []);
  return <Loading />;
}

function NotAllowed() {
  return (
    <section>
      <h1>{t("shell.notAvailable")}</h1>
      <p>{t("shell.notAvailableText")}</p>
    </section>
  );
}

function Shell({ claims }: { claims: Claims }) {
  const { path } = useLocation();
  const [menu, setMenu] = useState(false);
  const guard = (area: string, page: preact.ComponentType) =>
    AREAS.find((a) => a.path === area)!.allowed() ? page : NotAllowed;
  return (
    <OrgsProvider sessionKey={`${claims.sid}:${claims.org_id}`}>
      <a class="skip" href="#main">
        {t("shell.skip")}
      </a>
      <header class="top">
        <button
          type="button"
          class="menu-button"
          aria-expanded={menu}
          aria-controls="nav"
          onClick={() => setMenu(!menu)}
        >
          {t("shell.menu")}
        </button>
        <strong class="brand">{t("shell.brand")}</strong>
        <OrgSwitcher claims={claims} />
        <span class="who">{claims.sub}</span>
        <button type="button" onClick={() => void signOut(currentIdToken())}>
          {t("shell.signOut")}
        </button>
      </header>
      <div class="layout">
        <nav id="nav" class={menu ? "side open" : "side"} aria-label={t("shell.areas")}>
          <ul>
            {AREAS.filter((a) => a.allowed()).map((a) => (
              <li key={a.path}>
                <a
                  href={a.path}
                  aria-current={path.startsWith(a.path) ? "page" : undefined}
                  onClick={() => setMenu(false)}
                >
                  {t(a.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Router>
            <Route path="/console" component={Home} />
            <Route path="/console/home" component={HomePage} />
            <Route path="/console/organizations" component={guard("/console/organizations", OrgsPage)} />
            <Route path="/console/users" component={guard("/console/users", UsersPage)} />
            <Route path="/console/roles" component={guard("/console/roles", RolesPage)} />
            <Route path="/console/applications" component={guard("/console/applications", AppsPage)} />
            <Route path="/console/clients" component={guard("/console/clients", ClientsPage)} />
            <Route path="/console/webhooks" component={guard("/console/webhooks", WebhooksPage)} />
            <Route path="/console/scim" component={guard("/console/scim", ScimPage)} />
            <Route path="/console/audit" component={guard("/console/audit", AuditPage)} />
            <Route path="/console/branding" component={guard("/console/branding", BrandingPage)} />
            <Route path="/console/enterprise-sign-in" component={guard("/console/enterprise-sign-in", SsoPage)} />
            <Route path="/console/account" component={AccountPage} />
            <Route default component={Home} />
          </Router>
        </main>
      </div>
    </OrgsProvider>
  );
}

type AppState = "starting" | "out" | { failed: unknown } | { public: "token" | "forgot" } | Claims;

function App() {
  // The test page of "Try sign-in" (./pages/try.tsx) shows another client's tokens: no console sign-in.
  if (location.pathname.replace(/\/$/, "") === "/console/try-callback") return <TryCallback />;
  return <ConsoleApp />;
}

function ConsoleApp() {
  const [state, setState] = useState<AppState>(() => {
    const view = PUBLIC_PATHS[location.pathname.replace(/\/$/, "")];
    return view ? { public: view } : "starting";
  });
  useEffect(() => {
    if (typeof state === "object" && "public" in state) return;
    // Signed out (a refused refresh): through /oauth2/authorize again, silently while the sign-in session lives.
    const off = onSession((c) => (c ? setState(c) : void beginSignIn().catch((e) => setState({ failed: e }))));
    if (location.pathname.startsWith("/console/callback"))
      completeSignIn().then(
        ({ tokens, returnTo }) => {
          history.replaceState(null, "", returnTo);
          setSession(tokens);
        },
        (e) => setState({ failed: e }),
      );
    else beginSignIn().catch((e) => setState({ failed: e }));
    return off;
  }, []);
  if (state === "starting" || state === "out") return <Loading what={t("shell.signingIn")} />;
  if ("failed" in state) return <SignInFailed error={state.failed} />;
  if ("public" in state) return <PublicPage initial={state.public} />;
  return (
    <LocationProvider>
      <Shell claims={state} />
    </LocationProvider>
  );
}

// The whole console speaks the chosen language: the page says which.
document.documentElement.lang = consoleLocale;
const root = document.getElementById("app")!;
root.textContent = ""; // the page's "Loading the console…" goes, whatever renders first
render(<App />, root);
