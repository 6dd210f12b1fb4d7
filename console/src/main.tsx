/** @jsxImportSource preact */
/**
 * The admin console: sign-in (web mode: access token in memory, refresh token in the HttpOnly
 * cookie), the TOTP challenge, the organization switch and sign-out, then one page per area. Every
 * call goes to the public REST API with the user's own token; navigation shows only the areas the
 * token's permissions open.
 */
import "./styles.css";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { LocationProvider, Route, Router, useLocation } from "preact-iso";
import { api, can, currentClaims, ok, onSession, publicApi, refreshSession, setSession, type Claims } from "./api";
import { OrgsProvider } from "./orgs-context";
import { describe, ErrorNote, Field, Loading, useForm } from "./ui";
import { OrgsPage } from "./pages/orgs";
import { UsersPage } from "./pages/users";
import { RolesPage } from "./pages/roles";
import { AppsPage } from "./pages/apps";
import { ClientsPage } from "./pages/clients";
import { WebhooksPage } from "./pages/webhooks";
import { AuditPage } from "./pages/audit";
import { AccountPage } from "./pages/account";
import { BrandingPage } from "./pages/branding";

interface Area {
  path: string;
  label: string;
  allowed: () => boolean;
}
const AREAS: Area[] = [
  { path: "/console/organizations", label: "Organizations", allowed: () => can("ORG_MANAGE") },
  { path: "/console/users", label: "Users", allowed: () => can("USER_MANAGE") },
  { path: "/console/roles", label: "Roles", allowed: () => can("ROLE_MANAGE") },
  { path: "/console/applications", label: "Applications", allowed: () => can("ORG_MANAGE") },
  { path: "/console/clients", label: "API clients", allowed: () => can("CLIENT_MANAGE") },
  { path: "/console/webhooks", label: "Webhooks", allowed: () => can("ORG_MANAGE") },
  { path: "/console/audit", label: "Audit log", allowed: () => can("AUDIT_VIEW") },
  { path: "/console/branding", label: "Branding", allowed: () => can("ORG_MANAGE") },
  { path: "/console/account", label: "My account", allowed: () => true },
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
          onDone("Your password is set. Sign in with it.");
        });
      }}
    >
      <h1>Set a password with a token</h1>
      <p>Paste the setup or reset token you were given (the first start prints one for the first administrator).</p>
      <Field label="Token" value={token} onValue={setToken} autoComplete="off" required error={f.fieldError("token")} />
      <Field
        label="New password"
        type="password"
        value={newPassword}
        onValue={setNewPassword}
        autoComplete="new-password"
        required
        hint="8 to 200 characters"
        error={f.fieldError("newPassword")}
      />
      <ErrorNote error={f.formError(["token", "newPassword"])} />
      <div class="actions">
        <button type="button" onClick={() => onDone("")}>
          Back
        </button>
        <button class="primary" type="submit" disabled={f.busy}>
          Set password
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
          onDone(
            "If that address has an account, a reset token is on its way. Use it with “Set a password with a token”.",
          );
        });
      }}
    >
      <h1>Forgot your password?</h1>
      <Field
        label="Email"
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
          Back
        </button>
        <button class="primary" type="submit" disabled={f.busy}>
          Send a reset token
        </button>
      </div>
    </form>
  );
}

function SignIn() {
  const [view, setView] = useState<"signin" | "token" | "forgot">(
    new URLSearchParams(location.search).has("token") ? "token" : "signin",
  );
  const [notice, setNotice] = useState("");
  const back = (message: string) => (setNotice(message), setView("signin"));
  if (view === "token")
    return (
      <main class="signin">
        <SetPassword onDone={back} />
      </main>
    );
  if (view === "forgot")
    return (
      <main class="signin">
        <Forgot onDone={back} />
      </main>
    );
  return <PasswordSignIn notice={notice} onView={setView} />;
}

function PasswordSignIn({ notice, onView }: { notice: string; onView: (v: "token" | "forgot") => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const f = useForm();
  if (pending)
    return (
      <main class="signin">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void f.run(async () =>
              setSession(
                await ok(
                  publicApi.POST("/api/auth/mfa/verify", {
                    params: { query: { web: true } },
                    body: { pendingToken: pending, code: code.trim() },
                  }),
                ),
              ),
            );
          }}
        >
          <h1>Two-step verification</h1>
          <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <Field
            label="Code"
            value={code}
            onValue={setCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            error={f.fieldError("code")}
          />
          <ErrorNote error={f.formError(["code"])} />
          <div class="actions">
            <button type="button" onClick={() => (setPending(null), setCode(""), f.setError(null))}>
              Back
            </button>
            <button class="primary" type="submit" disabled={f.busy}>
              {f.busy ? "Checking…" : "Verify"}
            </button>
          </div>
        </form>
      </main>
    );
  return (
    <main class="signin">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const r = await ok(
              publicApi.POST("/api/auth/login", { params: { query: { web: true } }, body: { email, password } }),
            );
            if ("mfaRequired" in r) setPending(r.pendingToken);
            else setSession(r);
          });
        }}
      >
        <h1>Sign in to the console</h1>
        {notice ? (
          <p class="ok" role="status">
            {notice}
          </p>
        ) : null}
        <Field
          label="Email"
          type="email"
          value={email}
          onValue={setEmail}
          autoComplete="username"
          required
          autoFocus
          error={f.fieldError("email")}
        />
        <Field
          label="Password"
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          required
          error={f.fieldError("password")}
        />
        <ErrorNote error={f.formError(["email", "password"])} />
        <div class="actions">
          <button class="primary" type="submit" disabled={f.busy}>
            {f.busy ? "Signing in…" : "Sign in"}
          </button>
        </div>
        <p class="links">
          <button type="button" class="link" onClick={() => onView("forgot")}>
            Forgot your password?
          </button>
          <button type="button" class="link" onClick={() => onView("token")}>
            Set a password with a token
          </button>
        </p>
      </form>
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
          OK
        </button>
      </span>
    );
  if (!orgs || orgs.length < 2) return <span class="org-name">{claims.org_name ?? `Org #${claims.org_id}`}</span>;
  return (
    <label class="switcher">
      <span class="sr-only">Active organization</span>
      <select
        value={String(claims.org_id)}
        onChange={(e) => {
          const organizationId = Number((e.target as HTMLSelectElement).value);
          ok(api.POST("/api/users/me/active-organization", { body: { organizationId } })).then(
            setSession,
            setSwitchError,
          );
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
      <h1>Not available</h1>
      <p>
        Your permissions do not open this area. Ask an administrator of your organization for the role that carries it.
      </p>
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
        Skip to content
      </a>
      <header class="top">
        <button
          type="button"
          class="menu-button"
          aria-expanded={menu}
          aria-controls="nav"
          onClick={() => setMenu(!menu)}
        >
          Menu
        </button>
        <strong class="brand">Identity console</strong>
        <OrgSwitcher claims={claims} />
        <span class="who">{claims.sub}</span>
        <button type="button" onClick={() => ok(api.POST("/api/auth/logout")).finally(() => setSession(null))}>
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav id="nav" class={menu ? "side open" : "side"} aria-label="Areas">
          <ul>
            {AREAS.filter((a) => a.allowed()).map((a) => (
              <li key={a.path}>
                <a
                  href={a.path}
                  aria-current={path.startsWith(a.path) ? "page" : undefined}
                  onClick={() => setMenu(false)}
                >
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Router>
            <Route path="/console" component={Home} />
            <Route path="/console/organizations" component={guard("/console/organizations", OrgsPage)} />
            <Route path="/console/users" component={guard("/console/users", UsersPage)} />
            <Route path="/console/roles" component={guard("/console/roles", RolesPage)} />
            <Route path="/console/applications" component={guard("/console/applications", AppsPage)} />
            <Route path="/console/clients" component={guard("/console/clients", ClientsPage)} />
            <Route path="/console/webhooks" component={guard("/console/webhooks", WebhooksPage)} />
            <Route path="/console/audit" component={guard("/console/audit", AuditPage)} />
            <Route path="/console/branding" component={guard("/console/branding", BrandingPage)} />
            <Route path="/console/account" component={AccountPage} />
            <Route default component={Home} />
          </Router>
        </main>
      </div>
    </OrgsProvider>
  );
}

function App() {
  const [state, setState] = useState<"starting" | "out" | Claims>("starting");
  useEffect(() => {
    const off = onSession((c) => setState(c ?? "out"));
    // A live web session (the HttpOnly cookie) signs the page in on load.
    void refreshSession().then((ok) => !ok && setState(currentClaims() ?? "out"));
    return off;
  }, []);
  if (state === "starting") return <Loading what="Starting" />;
  if (state === "out") return <SignIn />;
  return (
    <LocationProvider>
      <Shell claims={state} />
    </LocationProvider>
  );
}

render(<App />, document.getElementById("app")!);
