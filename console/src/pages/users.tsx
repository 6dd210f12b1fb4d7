/** @jsxImportSource preact */
/**
 * Users of an organization (home-org users and role holders): search, pages, create, edit,
 * disable/enable, sign out everywhere, erase (confirmed by typing the email), password-setup link, role assignments;
 * a user created without a password is mailed the setup link at once (the form says so), and the
 * detail shows whether the email is verified (a changed email is unverified again).
 */
import { useEffect, useState } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "../api";
import { orgOptions, useOrgChoices, useOrgs } from "../orgs-context";
import { type ConsoleKey, t } from "../i18n";
import {
  Badge,
  Confirm,
  ErrorNote,
  Field,
  Loaded,
  localTime,
  Msg,
  Pager,
  Secret,
  Select,
  useAsync,
  useForm,
  Head,
} from "../ui";
import { UserPasskeys } from "./passkeys";

type UserRow = Answer<"/api/users", "get">[number];
type Role = Answer<"/api/roles", "get">[number];

const PAGE = 20;
const STATUS: Record<UserRow["status"], ConsoleKey> = {
  ACTIVE: "users.statusActive",
  DISABLED: "users.statusDisabled",
  ERASED: "users.statusErased",
};

function CreateUser({ orgId, roles, onDone }: { orgId: number; roles: Role[]; onDone: () => void }) {
  const [v, setV] = useState({ email: "", fullName: "", password: "", roleId: 0 });
  const [created, setCreated] = useState<{ email: string; setupMailSent: boolean } | null>(null);
  const f = useForm();
  return (
    <form
      class="panel"
      aria-labelledby="new-user"
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          setCreated(null);
          const u = await ok(
            api.POST("/api/users", {
              body: {
                organizationId: orgId,
                email: v.email,
                fullName: v.fullName,
                ...(v.password ? { password: v.password } : {}),
                ...(v.roleId ? { roleId: v.roleId } : {}),
              },
            }),
          );
          setV({ email: "", fullName: "", password: "", roleId: 0 });
          setCreated({ email: u.email, setupMailSent: u.setupMailSent });
          onDone();
        });
      }}
    >
      <h2 id="new-user">{t("users.new")}</h2>
      <div class="row">
        <Field
          label={t("users.email")}
          type="email"
          value={v.email}
          onValue={(x) => setV({ ...v, email: x })}
          required
          error={f.fieldError("email")}
        />
        <Field
          label={t("users.fullName")}
          value={v.fullName}
          onValue={(x) => setV({ ...v, fullName: x })}
          required
          error={f.fieldError("fullName")}
        />
        <Field
          label={t("users.passwordOptional")}
          type="password"
          autoComplete="new-password"
          value={v.password}
          onValue={(x) => setV({ ...v, password: x })}
          hint={t("users.passwordHint")}
          error={f.fieldError("password")}
        />
        {can("ROLE_MANAGE") ? (
          <Select
            label={t("users.firstRole")}
            value={v.roleId}
            onValue={(x) => setV({ ...v, roleId: x })}
            options={[
              { value: 0, label: t("users.noRole") },
              ...roles.map((r) => ({ value: r.id, label: `${r.name} (${r.scope})` })),
            ]}
            error={f.fieldError("roleId")}
          />
        ) : null}
      </div>
      <ErrorNote error={f.formError(["email", "fullName", "password", "roleId"])} />
      {created ? (
        <p class="ok" role="status">
          {t(created.setupMailSent ? "users.setupMailSent" : "users.created", { email: created.email })}
        </p>
      ) : null}
      <button class="primary" type="submit" disabled={f.busy}>
        {t("users.create")}
      </button>
    </form>
  );
}

function UserDetail({
  user,
  orgId,
  roles,
  onChange,
}: {
  user: UserRow;
  orgId: number;
  roles: Role[];
  onChange: () => void;
}) {
  const { orgs } = useOrgs();
  const choices = useOrgChoices();
  const [name, setName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const [home, setHome] = useState(user.organizationId);
  const [assign, setAssign] = useState(0);
  const here = orgs.find((o) => o.id === orgId);
  // A role defined here may be assigned here or at any organization below.
  const targets = here ? orgs.filter((o) => o.path.startsWith(here.path)) : [];
  const [at, setAt] = useState(orgId);
  const [erase, setErase] = useState(false);
  const [signedOut, setSignedOut] = useState<number | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [link, setLink] = useState<{ token: string; expiresAt: string } | null>(null);
  const f = useForm();
  const roleForm = useForm();
  const self = currentClaims()?.uid === user.id;
  const held = new Set(user.roles.map((r) => r.id));
  const scopeOf = (id: number) => roles.find((r) => r.id === id)?.scope;
  if (user.status === "ERASED") return <p class="panel">{t("users.erased")}</p>;
  return (
    <section class="panel" aria-labelledby="user-title">
      <h2 id="user-title">
        {user.fullName || user.email}{" "}
        <Badge tone={user.status === "ACTIVE" ? "ok" : "warn"}>{t(STATUS[user.status])}</Badge>
      </h2>
      <p class="muted">
        {t(user.hasPassword ? "users.metaPassword" : "users.metaNoPassword", { email: user.email, id: user.id })}{" "}
        <Badge tone={user.emailVerified ? "ok" : "warn"}>
          {t(user.emailVerified ? "users.emailVerified" : "users.emailUnverified")}
        </Badge>
      </p>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            await ok(
              api.PUT("/api/users/{id}", {
                params: { path: { id: user.id } },
                body: {
                  ...(name !== user.fullName ? { fullName: name } : {}),
                  ...(email.trim().toLowerCase() !== user.email ? { email: email.trim() } : {}),
                  ...(home !== user.organizationId ? { organizationId: home } : {}),
                },
              }),
            );
            onChange();
          });
        }}
      >
        <Field label={t("users.fullName")} value={name} onValue={setName} error={f.fieldError("fullName")} />
        <Field
          label={t("users.email")}
          type="email"
          value={email}
          onValue={setEmail}
          hint={t("users.emailChangeHint")}
          error={f.fieldError("email")}
        />
        {orgs.length > 1 ? (
          <Select
            label={t("users.homeOrg")}
            value={home}
            onValue={setHome}
            options={choices}
            error={f.fieldError("organizationId")}
          />
        ) : null}
        <button
          type="submit"
          disabled={
            f.busy ||
            (name === user.fullName && home === user.organizationId && email.trim().toLowerCase() === user.email)
          }
        >
          {t("users.save")}
        </button>
      </form>
      <div class="actions left">
        {user.status === "ACTIVE" ? (
          <button
            type="button"
            disabled={self}
            title={self ? t("users.cannotDisableSelf") : undefined}
            onClick={() =>
              void f.run(
                async () => (
                  await ok(api.POST("/api/users/{id}/disable", { params: { path: { id: user.id } } })), onChange()
                ),
              )
            }
          >
            {t("users.disable")}
          </button>
        ) : (
          <button
            type="button"
            onClick={() =>
              void f.run(
                async () => (
                  await ok(api.POST("/api/users/{id}/enable", { params: { path: { id: user.id } } })), onChange()
                ),
              )
            }
          >
            {t("users.enable")}
          </button>
        )}
        <button
          type="button"
          onClick={() =>
            void f.run(async () =>
              setLink(await ok(api.POST("/api/users/{id}/password-setup-link", { params: { path: { id: user.id } } }))),
            )
          }
        >
          {t("users.setupLink")}
        </button>
        <button
          type="button"
          onClick={() =>
            void f.run(async () => {
              const r = await ok(api.POST("/api/users/{id}/sessions/revoke", { params: { path: { id: user.id } } }));
              setSignedOut(r.revoked);
            })
          }
        >
          {t("users.signOutEverywhere")}
        </button>
        <button
          type="button"
          title={t("users.unlockHelp")}
          onClick={() =>
            void f.run(async () => {
              await ok(api.POST("/api/users/{id}/unlock", { params: { path: { id: user.id } } }));
              setUnlocked(true);
            })
          }
        >
          {t("users.unlock")}
        </button>
        <button type="button" class="danger" disabled={self} onClick={() => setErase(true)}>
          {t("users.erase")}
        </button>
      </div>
      {signedOut !== null ? (
        <p role="status">{t(signedOut === 1 ? "sessions.ended.one" : "sessions.ended.other", { count: signedOut })}</p>
      ) : null}
      {unlocked ? <p role="status">{t("users.unlocked")}</p> : null}
      <ErrorNote error={f.formError(["fullName", "organizationId", "email"])} />
      {link ? (
        <Secret
          label={t("users.setupToken")}
          value={link.token}
          note={t("users.setupTokenNote", { until: localTime(new Date(link.expiresAt)) })}
        />
      ) : null}
      {erase ? (
        <Confirm
          title={t("users.eraseTitle", { email: user.email })}
          action={t("users.eraseAction")}
          typeToConfirm={user.email}
          onCancel={() => setErase(false)}
          onDone={async () => {
            await ok(api.POST("/api/users/{id}/erase", { params: { path: { id: user.id } } }));
            setErase(false);
            onChange();
          }}
        >
          <p>{t("users.eraseText", { name: user.fullName || user.email })}</p>
        </Confirm>
      ) : null}
      {self ? null : <UserPasskeys userId={user.id} email={user.email} />}
      <h3>{t("users.rolesHere")}</h3>
      {user.roles.length ? (
        <ul class="chips">
          {user.roles.map((r) => (
            <li key={r.id}>
              {r.name} <Badge>{scopeOf(r.id) ?? t("users.inherited")}</Badge>
              {can("ROLE_MANAGE") && scopeOf(r.id) ? (
                <button
                  type="button"
                  class="small"
                  aria-label={t("users.revokeRole", { name: r.name })}
                  onClick={() =>
                    void roleForm.run(
                      async () => (
                        await ok(
                          api.POST("/api/roles/{roleId}/revoke", {
                            params: { path: { roleId: r.id } },
                            body: { userId: user.id, organizationId: orgId },
                          }),
                        ),
                        onChange()
                      ),
                    )
                  }
                >
                  {t("users.revoke")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t("users.noRoles")}</p>
      )}
      {can("ROLE_MANAGE") ? (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (assign)
              void roleForm.run(
                async () => (
                  await ok(
                    api.POST("/api/roles/{roleId}/assign", {
                      params: { path: { roleId: assign } },
                      body: { userId: user.id, organizationId: at },
                    }),
                  ),
                  setAssign(0),
                  onChange()
                ),
              );
          }}
        >
          <Select
            label={t("users.assignRole")}
            value={assign}
            onValue={setAssign}
            options={[
              { value: 0, label: t("users.chooseRole") },
              ...roles
                .filter((r) => at !== orgId || !held.has(r.id))
                .map((r) => ({ value: r.id, label: `${r.name} (${r.scope})` })),
            ]}
          />
          {targets.length > 1 ? (
            <Select
              label={t("users.atOrg")}
              value={at}
              onValue={setAt}
              options={orgOptions(targets)}
              error={roleForm.fieldError("organizationId")}
            />
          ) : null}
          <button type="submit" disabled={!assign || roleForm.busy}>
            {t("users.assign")}
          </button>
        </form>
      ) : null}
      <ErrorNote error={roleForm.error} />
    </section>
  );
}

export function UsersPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [q, setQ] = useState("");
  const [needle, setNeedle] = useState("");
  // Server-side pages by id: the stack holds the `after` of each page shown so far.
  const [cursors, setCursors] = useState<number[]>([0]);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const after = cursors[cursors.length - 1];
  const restart = () => (setCursors([0]), setOpen(null));
  // The search runs on the server (GET /api/users?q=), a moment after typing stops.
  useEffect(() => {
    if (q.trim() === needle) return;
    const timer = setTimeout(() => (setNeedle(q.trim()), restart()), 250);
    return () => clearTimeout(timer);
  }, [q, needle]);
  const users = useAsync(
    () =>
      ok(
        api.GET("/api/users", {
          params: {
            query: { organizationId: orgId, size: PAGE + 1, after: after || undefined, q: needle || undefined },
          },
        }),
      ),
    [orgId, after, needle],
  );
  const roles = useAsync(
    () =>
      can("ROLE_MANAGE")
        ? ok(api.GET("/api/roles", { params: { query: { organizationId: orgId, size: 200 } } }))
        : Promise.resolve([] as Role[]),
    [orgId],
  );
  return (
    <section>
      <h1>{t("users.title")}</h1>
      <div class="toolbar">
        <Select
          label={t("users.organization")}
          value={orgId}
          onValue={(v) => (setOrgId(v), restart())}
          options={choices}
        />
        <Field
          label={t("users.search")}
          type="search"
          value={q}
          onValue={setQ}
          placeholder={t("users.searchPlaceholder")}
        />
        <button type="button" class="primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          {creating ? t("users.close") : t("users.new")}
        </button>
      </div>
      {creating ? (
        <CreateUser orgId={orgId} roles={roles.data ?? []} onDone={() => (setCreating(false), users.reload())} />
      ) : null}
      <Loaded state={users} empty={needle ? t("users.noMatch", { q: needle }) : t("users.none")}>
        {(page) => {
          const rows = page.slice(0, PAGE);
          const first = (cursors.length - 1) * PAGE + 1;
          return (
            <>
              <table>
                <caption>
                  {needle
                    ? t("users.captionMatching", { first, last: first + rows.length - 1, q: needle })
                    : t("users.caption", { first, last: first + rows.length - 1 })}
                </caption>
                <Head
                  cols={[t("users.colName"), t("users.colEmail"), t("users.colRoles"), t("users.colStatus")]}
                  actions
                />
                <tbody>
                  {rows.map((u) => (
                    <tr key={u.id}>
                      <td>{u.fullName}</td>
                      <td>{u.email}</td>
                      <td>{u.roles.map((r) => r.name).join(", ") || "—"}</td>
                      <td>
                        <Badge tone={u.status === "ACTIVE" ? "ok" : "warn"}>{t(STATUS[u.status])}</Badge>
                      </td>
                      <td>
                        <button
                          type="button"
                          class="small"
                          aria-expanded={open === u.id}
                          onClick={() => setOpen(open === u.id ? null : u.id)}
                        >
                          <Msg id="users.manage" values={{ email: <span class="sr-only">{u.email}</span> }} />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager
                page={cursors.length - 1}
                hasNext={page.length > PAGE}
                onPrevious={() => (setCursors(cursors.slice(0, -1)), setOpen(null))}
                onNext={() => (setCursors([...cursors, rows[rows.length - 1].id]), setOpen(null))}
              />
              {open !== null && rows.find((u) => u.id === open) ? (
                <UserDetail
                  key={open}
                  user={rows.find((u) => u.id === open)!}
                  orgId={orgId}
                  roles={roles.data ?? []}
                  onChange={users.reload}
                />
              ) : null}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
