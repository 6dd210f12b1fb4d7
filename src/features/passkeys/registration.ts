/**
 * Passkey registration by the person (CONTRACT §14): several per account (at most 20), named;
 * discoverable credentials, user verification required, attestation `none`, ES256 and RS256. The
 * first registration stores the account's WebAuthn user handle.
 */
import type {
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { actorOf } from "../../kernel/authz";
import { DomainError, conflict, validation } from "../../kernel/errors";
import { userEvent } from "../../kernel/event-shapes";
import { base64url, randomBytes, randomToken } from "../../kernel/secrets";
import { ATTEMPT_SECONDS, type Attempts } from "./attempts";
import type { Passkey } from "./ports";
import { activeUser, cleanName, viewOf, webauthnLib } from "./shared";
import type { PasskeyCaller, PasskeyServiceDeps, PasskeyView } from "./shared";

/** COSE algorithm ids offered at registration: ES256 and RS256 (CONTRACT §14). */
const ALGORITHMS = [-7, -257];
const MAX_PASSKEYS = 20;
const defaultName = "Passkey";

export function createPasskeyRegistration(
  deps: Pick<PasskeyServiceDeps, "passkeys" | "users" | "orgs" | "unit" | "clock" | "rpId" | "rpName"> & {
    attempts: Attempts;
  },
) {
  const { attempts } = deps;

  async function registerBegin(
    c: PasskeyCaller,
    name?: string,
  ): Promise<{ attemptId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const user = await activeUser(deps.users, c.tenantId, c.userId);
    const existing = await deps.passkeys.listUser(user.tenantId, user.id);
    if (existing.length >= MAX_PASSKEYS) throw conflict(`At most ${MAX_PASSKEYS} passkeys per account.`);
    // The user's handle, or a fresh one that the first registration's unit stores.
    const handle = (await deps.passkeys.handleOf(user.tenantId, user.id)) ?? base64url(randomBytes(32));
    const { generateRegistrationOptions } = await webauthnLib();
    const options = await generateRegistrationOptions({
      rpName: deps.rpName,
      rpID: deps.rpId,
      userName: user.email,
      userDisplayName: user.fullName || user.email,
      userID: Buffer.from(handle, "base64url"),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
      timeout: ATTEMPT_SECONDS * 1000,
    });
    const attemptId = attempts.seal({
      k: "reg",
      c: options.challenge,
      u: user.id,
      t: user.tenantId,
      n: cleanName(name),
      h: handle,
    });
    return { attemptId, options };
  }

  async function registerFinish(
    c: PasskeyCaller,
    attemptId: string,
    credential: RegistrationResponseJSON,
    name?: string,
  ): Promise<PasskeyView> {
    const a = attempts.open(attemptId, "reg");
    const dead = () =>
      new DomainError("INVALID_TOKEN", "This registration attempt is invalid, expired or already used. Start again.", {
        source: "body",
      });
    if (!a || a.u !== c.userId || a.t !== c.tenantId || !a.h) throw dead();
    const handle = a.h;
    if (!(await attempts.spend(a))) throw dead();
    const user = await activeUser(deps.users, c.tenantId, c.userId);
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      info = await (await webauthnLib()).verifyRegistrationResponse({
        response: credential,
        ...attempts.expected(a),
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (e) {
      throw validation(`credential: the passkey could not be verified (${String((e as Error)?.message ?? e)})`, [
        { field: "credential", message: "not verified" },
      ]);
    }
    if (!info.verified || !info.registrationInfo)
      throw validation("credential: the passkey could not be verified", [
        { field: "credential", message: "not verified" },
      ]);
    const r = info.registrationInfo;
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    const given = cleanName(name) || a.n || defaultName;
    const passkey: Passkey = {
      id: randomToken(12),
      tenantId: user.tenantId,
      userId: user.id,
      credentialId: r.credential.id,
      publicKey: base64url(r.credential.publicKey),
      counter: r.credential.counter,
      transports: (credential.response.transports ?? r.credential.transports ?? []).map(String).slice(0, 8),
      name: given,
      deviceType: r.credentialDeviceType,
      backedUp: r.credentialBackedUp,
      createdAt: deps.clock.now(),
      lastUsedAt: null,
    };
    await deps.unit("passkeys.register", ["passkeys", "events"], async ({ passkeys, events }) => {
      // The first registration stores the handle; one begun with another (a concurrent first one won) starts again.
      if ((await passkeys.userHandle(user.tenantId, user.id, handle)) !== handle)
        throw conflict("Another passkey was registered meanwhile. Start the registration again.");
      await passkeys.add(passkey);
      await events.record(
        userEvent(user, org, "passkey.registered", actorOf(c), {
          passkeyId: passkey.id,
          name: passkey.name,
          backedUp: passkey.backedUp,
        }),
      );
    });
    return viewOf(passkey);
  }

  return { registerBegin, registerFinish };
}
