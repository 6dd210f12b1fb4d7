/**
 * GENERATED from the service's own /openapi.json by test/support/console-api.ts; do not edit.
 * Regenerate with `npm run console:api` after a route or schema change (a test fails until then).
 */

export interface paths {
    "/api/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Applications registered at an organization */
        get: operations["getApiApplications"];
        put?: never;
        /** Register an application (a token audience) */
        post: operations["postApiApplications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/quota": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Applications used by the organization and the tenant's limit */
        get: operations["getApiApplicationsQuota"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an application's name, refresh TTLs and social client ids */
        put: operations["putApiApplicationsByApplicationId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An application's branding override
         * @description ORG_MANAGE and the application's organization inside the token's reach. Null fields inherit the tenant's; `effective` is what the application's pages and mails show.
         */
        get: operations["getApiApplicationsByApplicationIdBranding"];
        /**
         * Override the branding for one application
         * @description As PUT /api/branding, for the pages and mails of sign-ins into this application. A field left out keeps its value; null makes it inherit the tenant's again. Audited as `branding.updated` with the application's id.
         */
        put: operations["putApiApplicationsByApplicationIdBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The application's permission codes */
        get: operations["getApiApplicationsByApplicationIdPermissions"];
        put?: never;
        /** Add a permission code to the application */
        post: operations["postApiApplicationsByApplicationIdPermissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}/permissions/{permissionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a permission code (it leaves every role) */
        delete: operations["deleteApiApplicationsByApplicationIdPermissionsByPermissionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}/saml-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SAML service providers of an application
         * @description ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`.
         */
        get: operations["getApiApplicationsByApplicationIdSaml-providers"];
        put?: never;
        /**
         * Register a SAML service provider for an application
         * @description ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`. The answer's `idp` holds what the SP needs: this tenant's entity id, metadata URL, SSO and SLO endpoints, and the IdP-initiated sign-in URL. Audited as `saml_provider.created`.
         */
        post: operations["postApiApplicationsByApplicationIdSaml-providers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applications/{applicationId}/saml-providers/{spId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A SAML service provider
         * @description ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`.
         */
        get: operations["getApiApplicationsByApplicationIdSaml-providersBySpId"];
        /**
         * Replace a SAML service provider's registration
         * @description ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`. The body is whole: an optional field left out takes its default. Audited as `saml_provider.updated`.
         */
        put: operations["putApiApplicationsByApplicationIdSaml-providersBySpId"];
        post?: never;
        /**
         * Remove a SAML service provider
         * @description ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`. Audited as `saml_provider.deleted`.
         */
        delete: operations["deleteApiApplicationsByApplicationIdSaml-providersBySpId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit entries of an organization's subtree, newest first */
        get: operations["getApiAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Plain mode returns the refresh token in the body; `web=true` sets the HttpOnly `sso_refresh` cookie (SameSite=Strict, Path=/api/auth) instead; a `device` object starts a device session and answers a server-issued `deviceId`. Without `audience` (or with the issuer) the token is a management token. Bad credentials, disabled or erased accounts: 401 INVALID_CREDENTIALS. 5 failures for one email from one client address in 15 minutes lock that address's password attempts for the email for 15 minutes (429 ACCOUNT_LOCKED with Retry-After; only failures count, so parallel correct sign-ins all succeed, and a guess counted after the 5th failure answers 429); other addresses go on. 50 failures from 10 addresses in 15 minutes lock the password everywhere for 15 minutes. Passkeys and social sign-ins are never locked by password failures; an administrator lifts both locks with POST /api/users/{id}/unlock. Nothing tells how many attempts are left. More than 100 attempts a minute from one address: 429 RATE_LIMITED.
         */
        post: operations["postApiAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session of a refresh token
         * @description Takes the refresh token from the body, or from the `sso_refresh` cookie when no body is sent, and clears that cookie. Idempotent: an unknown or already ended session answers 200 too.
         */
        post: operations["postApiAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/mfa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a sign-in with the second factor
         * @description Takes the `pendingToken` of the MFA challenge and a 6-digit TOTP (the current step or one either side, each step once) or an unused recovery code. `audience`, `web` and `device` are taken from this call, else from the sign-in that started the challenge. A wrong code is 401 MFA_INVALID_CODE; after 5 the pending token ends (401 INVALID_TOKEN).
         */
        post: operations["postApiAuthMfaVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/begin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a sign-in with a passkey
         * @description Answers `{ attemptId, options }` for a sign-in without an email (the browser offers the passkeys it holds for this service). Pass `options` to `startAuthentication`, then send its answer to `/api/auth/passkey/finish`.
         */
        post: operations["postApiAuthPasskeyBegin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in with a passkey
         * @description The same `web`, `device` and `audience` options and the same answer as `/api/auth/login`; a passkey with user verification is two factors, so no MFA challenge follows. A replayed, expired or spent attempt, an unknown credential or another user's, a counter that went backwards, a foreign origin or a missing user verification: 401 INVALID_CREDENTIALS (audited as `auth.passkey.failed`). The account lockout and the per-address limit apply as to a password (429 ACCOUNT_LOCKED / RATE_LIMITED); a disabled user: 401; a suspended organization: 403 ORG_SUSPENDED.
         */
        post: operations["postApiAuthPasskeyFinish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password-reset token
         * @description Always answers 200, whether or not the account exists. An active account is mailed a single-use reset token valid for 30 minutes (earlier reset tokens die), in the language `Accept-Language` asks for (else the person's saved language), branded for the tenant. At most 30 password requests a minute per address.
         */
        post: operations["postApiAuthPasswordForgot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset or setup token
         * @description The token works once (an unknown, expired or spent one is 400 INVALID_TOKEN). Every session of the user ends; sign in again with the new password.
         */
        post: operations["postApiAuthPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new pair
         * @description The refresh token is single use: the answer carries its successor. Presenting a used one again revokes the whole session (401 REFRESH_TOKEN_REUSED). Without a body the `sso_refresh` cookie is read and the rotated token is set as the cookie again (no refresh token in the body). `audience` mints for that audience from now on; otherwise the session's audience. The session keeps its active organization.
         */
        post: operations["postApiAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/social/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a Google or Microsoft id_token
         * @description The id_token is verified against the provider's published keys (RS256), its issuer, expiry and `aud` (one of the application's registered client ids, else the platform default). The user must exist already: the first sign-in matches the provider's verified email and links the provider account; later ones follow the link. A Microsoft token with `xms_edov` false never links an account (nor, with SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL=true, one without an `email` claim and `xms_edov` true). Unknown provider: 404; bad, expired, wrongly addressed or unverified token: 401 INVALID_TOKEN (the detail says which); no active account: 401 INVALID_CREDENTIALS. MFA applies.
         */
        post: operations["postApiAuthSocialByProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's branding
         * @description ORG_MANAGE reaching the tenant's root organization. Shown on every hosted page (header name, logo, button colour, help link) and in every mail of the tenant's people. Unset fields are null (the pages then show their defaults).
         */
        get: operations["getApiBranding"];
        /**
         * Set the tenant's branding
         * @description ORG_MANAGE reaching the tenant's root organization. A field left out keeps its value, null clears it. Refused with 400 naming the field: a colour on which neither white nor near-black text reaches 4.5:1, a support URL that is not https (http only on loopback), a logo that is not a PNG, JPEG or WebP by its bytes or is over 64 KiB. Audited as `branding.updated`.
         */
        put: operations["putApiBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API clients of an organization
         * @description Needs CLIENT_MANAGE and the organization inside the token's reach. Secrets are never listed.
         */
        get: operations["getApiClients"];
        put?: never;
        /**
         * Register an API client (machine, browser or native application)
         * @description Needs CLIENT_MANAGE and access to `orgId`. Without `type` and `grantTypes` this is a machine client (client credentials). A confidential client's secret is returned exactly once and cannot be retrieved or rotated later; a public client gets none. Scopes default to `api.default`; a client bound to an application may hold only `api.default` and that application's permission codes. Browser sign-in (`authorization_code`) needs `applicationId` and at least one redirect URI; every refused field is listed in `errors`. PKCE (S256) is required of a public client and, unless it is registered with `requirePkce: false`, of a confidential one (docs/oidc.md).
         */
        post: operations["postApiClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one API client
         * @description Needs CLIENT_MANAGE and the client's organization inside the token's reach (403 otherwise). Another tenant's client is 404. Never shows the secret.
         */
        get: operations["getApiClientsByClientId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a client's name, redirect and logout URIs, first-party flag or PKCE requirement
         * @description Needs CLIENT_MANAGE and the client's organization inside the token's reach; another tenant's client is 404. Absent fields stay as they are; a list replaces the registered one. Type, grant types, scopes, application, organization and secret are fixed at registration (fields for them are ignored, as every unknown field is): register a new client to change them. URIs follow the registration rules and are only for clients holding `authorization_code`, which keep at least one redirect URI. `requirePkce: false` only for a confidential client. Audited as `client.updated`.
         */
        patch: operations["patchApiClientsByClientId"];
        trace?: never;
    };
    "/api/import/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a payload, all or nothing
         * @description Exactly one of `rootParentOrgId` (ORG_MANAGE and reach over that subtree) and `rootTenant` (PLATFORM_ADMIN); both or neither is 400. Bodies up to 16 MiB. COMPLETED, or REJECTED with the errors and nothing written. Re-running is idempotent (unchanged records are skipped, changed ones updated). Users without passwordBcrypt get setup tokens in `invites` (7 days).
         */
        post: operations["postApiImportCommit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Import jobs of the caller's tenant, newest first */
        get: operations["getApiImportJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry run: what a commit would create, update or skip, and every error
         * @description Exactly one of `rootParentOrgId` (ORG_MANAGE and reach over that subtree) and `rootTenant` (PLATFORM_ADMIN); both or neither is 400. Bodies up to 16 MiB. Writes no directory data (the job is listed with dryRun true). Status VALID or INVALID.
         */
        post: operations["postApiImportValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mfa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn MFA off
         * @description Removes the secret and the recovery codes; sessions stay. Audited.
         */
        post: operations["postApiMfaDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mfa/setup/begin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start TOTP enrolment
         * @description Answers an otpauth:// URI with a new secret. MFA stays off until confirmed; 409 when it is already on.
         */
        post: operations["postApiMfaSetupBegin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mfa/setup/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm enrolment with a current code
         * @description Turns MFA on and answers 10 single-use recovery codes, once. A wrong code is 401 MFA_INVALID_CODE.
         */
        post: operations["postApiMfaSetupConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organizations within the token's reach (cursor pages, by id) */
        get: operations["getApiOrganizations"];
        put?: never;
        /** Create an organization (child of the caller's active org when parentId is absent) */
        post: operations["postApiOrganizations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search organizations by name or slug (literal, case-insensitive substring) */
        get: operations["getApiOrganizationsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename or retype an organization */
        put: operations["putApiOrganizationsById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-activate a suspended organization */
        post: operations["postApiOrganizationsByIdActivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Domains of an organization
         * @description ORG_MANAGE and the organization inside the token's reach. Each with its TXT proof and whether it is verified.
         */
        get: operations["getApiOrganizationsByIdDomains"];
        put?: never;
        /**
         * Add a domain (unverified) and get its DNS TXT proof
         * @description Publish a TXT record named `txtName` with the value `txtValue`, then call verify. A domain is recorded once per tenant (409 for a second time) and belongs to one tenant at most: one another tenant verified is 409. Public mail domains (gmail.com, outlook.com, …) are 400. See docs/enterprise-sign-in.md.
         */
        post: operations["postApiOrganizationsByIdDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/domains/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a domain
         * @description 409 while an identity-provider connection lists the domain (remove it there first).
         */
        delete: operations["deleteApiOrganizationsByIdDomainsByDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the domain's DNS TXT proof
         * @description Looks the TXT record up (the system's resolvers, or SSO_DNS_SERVERS) and answers 200 with `verified` true, or false with a `reason` when the record is not there yet. `{ "force": true }` marks the domain verified without the proof: platform administrators only. 409 when another tenant verified the domain.
         */
        post: operations["postApiOrganizationsByIdDomainsByDomainVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/identity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identity-provider connections of an organization
         * @description The answer adds what to register at the upstream: `redirectUri` (OIDC), or `spEntityId`, `acsUrl` and `spMetadataUrl` (SAML); see docs/enterprise-sign-in.md. The client secret is never answered.
         */
        get: operations["getApiOrganizationsByIdIdentity-providers"];
        put?: never;
        /**
         * Connect an upstream OIDC or SAML identity provider
         * @description The connection serves this organization and every organization below it. Each of `domains` must be verified for this organization or one above it. The OIDC client secret is stored encrypted with the master key. The answer adds what to register at the upstream: `redirectUri` (OIDC), or `spEntityId`, `acsUrl` and `spMetadataUrl` (SAML); see docs/enterprise-sign-in.md. The client secret is never answered.
         */
        post: operations["postApiOrganizationsByIdIdentity-providers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/identity-providers/{idpId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One identity-provider connection
         * @description The answer adds what to register at the upstream: `redirectUri` (OIDC), or `spEntityId`, `acsUrl` and `spMetadataUrl` (SAML); see docs/enterprise-sign-in.md. The client secret is never answered.
         */
        get: operations["getApiOrganizationsByIdIdentity-providersByIdpId"];
        /**
         * Replace an identity-provider connection's settings
         * @description The whole body, as on create; without `oidc.clientSecret` the stored secret is kept. The answer adds what to register at the upstream: `redirectUri` (OIDC), or `spEntityId`, `acsUrl` and `spMetadataUrl` (SAML); see docs/enterprise-sign-in.md. The client secret is never answered.
         */
        put: operations["putApiOrganizationsByIdIdentity-providersByIdpId"];
        post?: never;
        /** Delete an identity-provider connection */
        delete: operations["deleteApiOrganizationsByIdIdentity-providersByIdpId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/scim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an organization's SCIM tokens
         * @description Needs USER_MANAGE and ROLE_MANAGE (what the token can do through `/scim/v2`) and the organization inside the token's reach (403 otherwise); another tenant's organization is 404. Oldest first; never a secret. `lastUsedAt` (absent until the first use) moves at most once a minute.
         */
        get: operations["getApiOrganizationsByIdScim-tokens"];
        put?: never;
        /**
         * Create a SCIM token for an identity provider
         * @description Needs USER_MANAGE and ROLE_MANAGE (what the token can do through `/scim/v2`) and the organization inside the token's reach (403 otherwise); another tenant's organization is 404. The token authenticates `{issuer}/scim/v2` (Bearer) for this organization's subtree: it creates, updates, disables and assigns users whose home organization is in the subtree, and manages the organization's roles without system permissions as SCIM Groups (docs/scim.md). The secret is answered only here (`Cache-Control: no-store`) and stored as its SHA-256. Audited as `scim_token.created`.
         */
        post: operations["postApiOrganizationsByIdScim-tokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/scim-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a SCIM token
         * @description Needs USER_MANAGE and ROLE_MANAGE (what the token can do through `/scim/v2`) and the organization inside the token's reach (403 otherwise); another tenant's organization is 404. The token is refused (401) from the next request on. 404 when the organization has no token of that id. Audited as `scim_token.revoked`.
         */
        delete: operations["deleteApiOrganizationsByIdScim-tokensByTokenId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend an organization: it and its descendants get no new tokens */
        post: operations["postApiOrganizationsByIdSuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/sandboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox tenants and when they expire */
        get: operations["getApiPlatformSandboxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Provision a tenant: root org, tenant-admin role, admin user and a setup token
         * @description PLATFORM_ADMIN. The admin user has no password: the setup token (single use, 7 days) is in the answer and is mailed to `adminEmail` at once (`setupMailSent: true`); redeeming the mailed link sets the password and verifies the address.
         */
        post: operations["postApiPlatformTenants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/tenants/{tenantId}/features": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Switch plan features (customClaims) for the tenant */
        put: operations["putApiPlatformTenantsByTenantIdFeatures"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/tenants/{tenantId}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the tenant's application limit (per organization) */
        put: operations["putApiPlatformTenantsByTenantIdLimits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platform/tenants/{tenantId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Applications registered in the tenant */
        get: operations["getApiPlatformTenantsByTenantIdUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Roles defined at an organization */
        get: operations["getApiRoles"];
        put?: never;
        /** Create a role from permission codes or ids */
        post: operations["postApiRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{roleId}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a role to a user at an organization (idempotent) */
        post: operations["postApiRolesByRoleIdAssign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{roleId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a role's permission set */
        put: operations["putApiRolesByRoleIdPermissions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{roleId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a role from a user at an organization (idempotent) */
        post: operations["postApiRolesByRoleIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenant-hierarchy/visible-orgs/{parentOrgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Direct children of an organization visible to the caller (cursor pages) */
        get: operations["getApiTenant-hierarchyVisible-orgsByParentOrgId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenant/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant at a glance: counts, and sign-ins of the last 24 hours
         * @description ORG_MANAGE with a role over the tenant's root organization's whole subtree (else 403). Counts of the whole tenant: organizations, users (erased ones left out), applications, API clients; `signIns` and `failedSignIns` count the audit journal's `auth.login.succeeded` and `auth.login.failed` of the last 24 hours, and are null without AUDIT_VIEW.
         */
        get: operations["getApiTenantSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The custom claims mapping
         * @description The mapping belongs to the caller's active organization, which must own the applications it applies to; it is added to user access tokens whose audience is one of them. `{ mapping: { add: [] }, enabled: false }` when none is saved.
         */
        get: operations["getApiToken-claims"];
        /**
         * Save the custom claims mapping
         * @description The mapping belongs to the caller's active organization, which must own the applications it applies to; it is added to user access tokens whose audience is one of them. Refused with 400 (errors listed): a standard claim as the first key segment, both or neither of from/value, an unknown source, duplicate keys, over 50 entries. Enabling without the tenant's customClaims feature: 403 FEATURE_NOT_ENABLED.
         */
        put: operations["putApiToken-claims"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/token-claims/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a mapping on the caller's own token
         * @description Reads only the caller's live token: `roles` and `memberships` are absent, and a key fed only by them is left out.
         */
        post: operations["postApiToken-claimsPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users whose home org is the organization or who hold a role there
         * @description Ordered by id. `q` keeps users whose email or name contains the text (literal, case-insensitive); `after` pages: pass the last id of the previous page.
         */
        get: operations["getApiUsers"];
        put?: never;
        /**
         * Create a user (with or without a password, optionally with a first role)
         * @description USER_MANAGE at an organization in reach (and ROLE_MANAGE with `roleId`). Without `password`, the person is mailed a password-setup link at once (single use, 7 days, in their saved language, branded) and the answer says `setupMailSent: true`; redeeming it sets the password and verifies the email. A taken email (any case) is 409.
         */
        post: operations["postApiUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save the caller's language
         * @description A management, SPEC-login or first-party client token (CONTRACT §2). Pages use `ui_locales`, then `Accept-Language`, then this choice; mails not caused by a request of the person (a setup link) use it alone. Signing in on the hosted pages saves the page's language too. Audited as `user.locale_changed`.
         */
        put: operations["putApiUsersMe"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/active-organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the active organization
         * @description Answers a fresh token pair scoped to that organization, in the same session mode (web: cookie; device: same device); the previous session ends. Needs a membership there or a SUBTREE role above it (403 otherwise); a suspended org is 403 ORG_SUSPENDED. `audience` defaults to the session's audience.
         */
        post: operations["postApiUsersMeActive-organization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's consents to third-party applications
         * @description One entry per client the caller consented to on the hosted pages, with every scope granted so far.
         */
        get: operations["getApiUsersMeConsents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/consents/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw a consent
         * @description The client's next authorization asks again; the caller's refresh families of that client end (the client gets a back-channel logout token). 404 when there is no such consent. Audited as `consent.withdrawn`.
         */
        delete: operations["deleteApiUsersMeConsentsByClientId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's devices
         * @description A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).
         */
        get: operations["getApiUsersMeDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/devices/{deviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Log one of the caller's devices out
         * @description Ends that device's session and forgets the device; other devices are untouched. 404 when the device is not the caller's.
         */
        delete: operations["deleteApiUsersMeDevicesByDeviceId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail the caller a link that verifies their email address
         * @description A management, SPEC-login or first-party client token (CONTRACT §2). An address already verified gets no mail (`sent: false`). Otherwise a single-use link valid for 24 hours goes to the caller's address (earlier links die), branded, in the language `Accept-Language` asks for (else the saved one). Opening it shows a hosted page with one button; confirming sets `emailVerified` (user list, export) and thereby `email_verified` in ID tokens and UserInfo. A link mailed to an address the user no longer has verifies nothing. Audited as `user.email_verification.sent` and `user.email_verified`.
         */
        post: operations["postApiUsersMeEmailVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export everything the service holds about the caller */
        get: operations["getApiUsersMeExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/memberships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Organizations the caller may switch into
         * @description A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).
         */
        get: operations["getApiUsersMeMemberships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's passkeys
         * @description Oldest first.
         */
        get: operations["getApiUsersMePasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/passkeys/register/begin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start registering a passkey
         * @description Answers `{ attemptId, options }`: pass `options` to the browser (`startRegistration` of @simplewebauthn/browser), then send its answer to `/finish` with the `attemptId` (single use, 5 minutes). Discoverable credential, user verification required, attestation `none`, ES256 or RS256.
         */
        post: operations["postApiUsersMePasskeysRegisterBegin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/passkeys/register/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish registering a passkey
         * @description Verifies the browser's answer (challenge, origin, RP ID, user verification) and stores the passkey. A spent, expired or foreign attempt: 400 INVALID_TOKEN; an answer that does not verify (challenge, origin, RP ID, user verification): 400 VALIDATION_FAILED. Audited (`passkey.registered`).
         */
        post: operations["postApiUsersMePasskeysRegisterFinish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename one of the caller's passkeys
         * @description Audited (`passkey.renamed`).
         */
        put: operations["putApiUsersMePasskeysById"];
        post?: never;
        /**
         * Delete one of the caller's passkeys
         * @description It can no longer sign in. Audited (`passkey.deleted`).
         */
        delete: operations["deleteApiUsersMePasskeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the caller's own password
         * @description A management token (CONTRACT §2). `currentPassword` must be the present password (a wrong one is 400 naming that field and counts toward the sign-in lockout); `newPassword` is 8 to 200 characters and must differ. Every other session of the user ends; the calling session stays signed in. Audited as `auth.password.changed`.
         */
        post: operations["postApiUsersMePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's sign-in sessions and refresh families
         * @description Every live browser sign-in session (`kind: signin`, hosted pages) and refresh-token family (`kind: refresh`: web, plain and device sessions, and OAuth clients' families) of the caller, oldest first; `current` marks the one the calling token belongs to. A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).
         */
        get: operations["getApiUsersMeSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/sessions/revoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere else
         * @description Ends every sign-in session and refresh family of the caller except the one the calling token belongs to, and sends the back-channel logout tokens. Audited as `auth.sessions.ended` with `via: sessions`.
         */
        post: operations["postApiUsersMeSessionsRevoke-all"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of the caller's sessions
         * @description A sign-in session ends with the refresh families started through it; a refresh family ends alone. Their access tokens introspect as inactive from then on (they still verify offline until `exp`), and the clients that got tokens receive back-channel logout tokens. 404 when it is not a live session of the caller. Audited as `auth.logout` with `via: sessions`.
         */
        delete: operations["deleteApiUsersMeSessionsBySessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename a user, move their home organization or change their email
         * @description USER_MANAGE over the user's home org (and the new one), and the no-takeover rule: a user holding system permissions can be changed only by an administrator holding at least those permissions with the same reach (403). A new `email` (unique service-wide, case-insensitive: 409 when taken) clears `emailVerified`, and every reset, setup and verification code mailed to the old address stops working. Audited as `user.updated` and `user.email_changed`.
         */
        put: operations["putApiUsersById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a user and end all their sessions */
        post: operations["postApiUsersByIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-enable a disabled user */
        post: operations["postApiUsersByIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase a user's personal data (irreversible) */
        post: operations["postApiUsersByIdErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export everything the service holds about a user */
        get: operations["getApiUsersByIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's passkeys
         * @description USER_MANAGE with reach over the user's home organization, and authority over the user (no takeover).
         */
        get: operations["getApiUsersByIdPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/passkeys/{passkeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a user's passkey
         * @description USER_MANAGE with reach over the user's home organization, and authority over the user: an administrator cannot act on someone holding more than they do (no takeover). Audited (`passkey.deleted`).
         */
        delete: operations["deleteApiUsersByIdPasskeysByPasskeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/password-setup-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a password-setup token for a user
         * @description USER_MANAGE and the user's organization inside the token's reach. The token is redeemed at POST /api/auth/password/reset within 7 days, once; a new link replaces the previous one. The user is mailed the same token (multipart text + HTML, branded, in their saved language).
         */
        post: operations["postApiUsersByIdPassword-setup-link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/sessions/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a user out everywhere
         * @description USER_MANAGE over the user's home org, and the no-takeover rule: a user holding system permissions can be signed out only by an administrator holding at least those permissions with the same reach (403 otherwise). Every sign-in session and refresh family of the user ends; clients that got tokens receive back-channel logout tokens without `sid`. Audited as `auth.sessions.ended` with `via: admin`.
         */
        post: operations["postApiUsersByIdSessionsRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a user's password lockout
         * @description USER_MANAGE over the user's home org, and the no-takeover rule (as for signing a user out everywhere). Ends the account-wide lock (50 failed passwords from 10 addresses in 15 minutes) and the lock of every client address (5 failures from one address), so the password works again at once. Passkeys, social and federated sign-ins are never locked by password failures. Answers the same whether a lock held (nothing tells how many attempts are left). Audited as `user.unlocked`.
         */
        post: operations["postApiUsersByIdUnlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhooks registered at an organization
         * @description ORG_MANAGE and the organization inside the token's reach. Secrets are never listed.
         */
        get: operations["getApiWebhooks"];
        put?: never;
        /**
         * Register the webhook of an application
         * @description One per application (409 for a second). `eventTypes` must be known types (SPEC 6); empty means all. The `secret` (whsec_…) is shown only here and at rotation. Deliveries are POSTed with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256); see docs/webhooks.md.
         */
        post: operations["postApiWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the URL or event filter, or pause/resume (`active`) */
        put: operations["putApiWebhooksById"];
        post?: never;
        /** Delete the webhook; pending deliveries are cancelled */
        delete: operations["deleteApiWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent deliveries, newest first
         * @description Each with its webhook-id, status, attempt count, last response status or error, and next retry.
         */
        get: operations["getApiWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed delivery again
         * @description Only a FAILED delivery (404 otherwise). It keeps its webhook-id, so receivers can deduplicate.
         */
        post: operations["postApiWebhooksByIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description The old secret stops working at once: every later attempt, retries included, is signed with the new one.
         */
        post: operations["postApiWebhooksByIdRotate-secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization request (browser sign-in)
         * @description OAuth 2.1 authorization code + PKCE and OpenID Connect (CONTRACT §12). Answers the hosted sign-in pages (HTML), or 303 to the redirect URI with `code`, `state` and `iss` (RFC 9207), or with `error`, `error_description`, `state` and `iss`. With `response_mode=form_post` those answers are instead a page (200, no-store) whose form POSTs the same parameters to the redirect URI, submitted by a script file of this service (no inline script) or a `<noscript>` button. An unknown client or an unregistered redirect URI is an error page, never a redirect. `prompt=none` never shows a page (`login_required`, `consent_required`, `account_selection_required`, `interaction_required`). The ID token's `acr` is `urn:sso:acr:pwd` or `urn:sso:acr:mfa`; `acr_values=urn:sso:acr:mfa` on a password-only session asks for the second factor (a person with none gets a 403 page). See docs/oidc.md.
         */
        get: operations["getOauth2Authorize"];
        put?: never;
        /**
         * Authorization request as a form post (browser sign-in)
         * @description OAuth 2.1 authorization code + PKCE and OpenID Connect (CONTRACT §12). Answers the hosted sign-in pages (HTML), or 303 to the redirect URI with `code`, `state` and `iss` (RFC 9207), or with `error`, `error_description`, `state` and `iss`. With `response_mode=form_post` those answers are instead a page (200, no-store) whose form POSTs the same parameters to the redirect URI, submitted by a script file of this service (no inline script) or a `<noscript>` button. An unknown client or an unregistered redirect URI is an error page, never a redirect. `prompt=none` never shows a page (`login_required`, `consent_required`, `account_selection_required`, `interaction_required`). The ID token's `acr` is `urn:sso:acr:pwd` or `urn:sso:acr:mfa`; `acr_values=urn:sso:acr:mfa` on a password-only session asks for the second factor (a person with none gets a 403 page). The parameters come as an `application/x-www-form-urlencoded` body. See docs/oidc.md.
         */
        post: operations["postOauth2Authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Introspect a token (RFC 7662)
         * @description The caller authenticates as a confidential client with HTTP Basic. `active` is false for expired, revoked or foreign tokens, tokens of an ended sign-in session or refresh family, a disabled or erased user, or a suspended organization, and for tokens of another tenant. Refresh tokens are described only to the client they were issued to. When active, the answer carries the token's claims plus `active`, `token_type` and `client_id`.
         */
        post: operations["postOauth2Introspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * RP-initiated logout (GET)
         * @description OpenID Connect RP-Initiated Logout 1.0 (CONTRACT §13). Parameters (query or form), every one optional: `id_token_hint`, `post_logout_redirect_uri` (exactly one registered for the client named by the hint or `client_id`), `state`, `client_id`, `logout_hint`, `ui_locales`. With a valid `id_token_hint` (an ID token of this service, expired ones too) the hinted sign-in session ends at once, with the refresh families started through it; every client that got tokens in it and has a `backchannelLogoutUri` receives a logout token. Then 303 to `post_logout_redirect_uri` (with `state`), or the signed-out page. Without a valid hint the browser's own sign-in session is the one to end: in the tenant of `client_id`, or, with no client, the one its `sso_session` cookie names. A page asks the person to confirm, then ends it (same endings and logout tokens). When the browser holds no live session there (none, or only one of another tenant, which is left alone with its cookie) the page says nothing was signed out; the `sso_session` cookie is cleared only when the browser's own session ended. An unknown client, an unregistered URI, or a `post_logout_redirect_uri` without a client to check it against is an error page worded for signing out, never a redirect.
         */
        get: operations["getOauth2Logout"];
        put?: never;
        /**
         * RP-initiated logout (POST)
         * @description OpenID Connect RP-Initiated Logout 1.0 (CONTRACT §13). Parameters (query or form), every one optional: `id_token_hint`, `post_logout_redirect_uri` (exactly one registered for the client named by the hint or `client_id`), `state`, `client_id`, `logout_hint`, `ui_locales`. With a valid `id_token_hint` (an ID token of this service, expired ones too) the hinted sign-in session ends at once, with the refresh families started through it; every client that got tokens in it and has a `backchannelLogoutUri` receives a logout token. Then 303 to `post_logout_redirect_uri` (with `state`), or the signed-out page. Without a valid hint the browser's own sign-in session is the one to end: in the tenant of `client_id`, or, with no client, the one its `sso_session` cookie names. A page asks the person to confirm, then ends it (same endings and logout tokens). When the browser holds no live session there (none, or only one of another tenant, which is left alone with its cookie) the page says nothing was signed out; the `sso_session` cookie is cleared only when the browser's own session ended. An unknown client, an unregistered URI, or a `post_logout_redirect_uri` without a client to check it against is an error page worded for signing out, never a redirect.
         */
        post: operations["postOauth2Logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token (RFC 7009)
         * @description Client authentication as at the token endpoint (HTTP Basic, `client_secret_post`, or `client_id` alone for a public client). A refresh token of the client's own family ends that family (its access tokens then introspect as inactive; the client gets a back-channel logout token when it has a `backchannelLogoutUri`). An access token issued to the client is recorded as revoked until it expires. Unknown tokens, and tokens of other clients, answer 200 too and change nothing. Audited as `oauth.token.revoked`.
         */
        post: operations["postOauth2Revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token endpoint: client credentials, authorization code, refresh token
         * @description RFC 6749 §4.4, §4.1.3, §6. Client authentication: HTTP Basic (client id and secret, form-urlencoded before base64), `client_id` + `client_secret` in the body, or `client_id` alone for a public client (PKCE then proves it); exactly one method. client_credentials: a machine token (`token_use: machine`, `scope`, `org_id`, `tenant_id`, `app_id` when bound; `aud` is the bound application's identifier, else the client id), no refresh token. authorization_code (`code`, `redirect_uri`, `code_verifier`): the SPEC 2.1 user token for the client's application with `client_id`, `scope` and `sid`, the ID token when `openid` was granted, a refresh token when the client holds `refresh_token`. refresh_token: the next pair of the client's family (rotation, reuse revokes it). Errors are RFC 6749 §5.2 bodies.
         */
        post: operations["postOauth2Token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * UserInfo: the signed-in person's claims
         * @description OIDC Core §5.3. The access token of the authorization code grant with `openid` granted, as `Authorization: Bearer` (RFC 6750 §2.1): exactly one method, never in the URL. Answers `sub` (the user id) and the claims its scopes grant, read now: `email`, `email_verified` (email); `name`, `updated_at` (profile). A token introspection calls inactive is refused: revoked at /oauth2/revoke, of an ended sign-in session or refresh family (logout, session control, refresh-token reuse), of a reused authorization code, of a disabled or erased user or a suspended organization. Errors are RFC 6750 §3.1: 401 with `WWW-Authenticate: Bearer error="invalid_token"` (no error when no token was sent), 400 `invalid_request` (the token sent twice or in the URL), 403 `insufficient_scope`.
         */
        get: operations["getOauth2Userinfo"];
        put?: never;
        /**
         * UserInfo: the signed-in person's claims
         * @description OIDC Core §5.3. The access token of the authorization code grant with `openid` granted, as `Authorization: Bearer` (RFC 6750 §2.1) or as `access_token` in an `application/x-www-form-urlencoded` body (§2.2): exactly one method, never in the URL. Answers `sub` (the user id) and the claims its scopes grant, read now: `email`, `email_verified` (email); `name`, `updated_at` (profile). A token introspection calls inactive is refused: revoked at /oauth2/revoke, of an ended sign-in session or refresh family (logout, session control, refresh-token reuse), of a reused authorization code, of a disabled or erased user or a suspended organization. Errors are RFC 6750 §3.1: 401 with `WWW-Authenticate: Bearer error="invalid_token"` (no error when no token was sent), 400 `invalid_request` (the token sent twice or in the URL), 403 `insufficient_scope`.
         */
        post: operations["postOauth2Userinfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: every backing store answers (503 UNAVAILABLE with per-check states otherwise) */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saml/{tenantId}/init": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** IdP-initiated SAML sign-in into the SP named by `sp` (its entity id) */
        get: operations["getSamlByTenantIdInit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saml/{tenantId}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's SAML IdP metadata
         * @description EntityDescriptor with entityID `{issuer}/saml/{tenantId}`: signing certificates of the current key and of the next one (published ahead of rotation, so an SP can pin it), SSO (HTTP-Redirect, HTTP-POST) and SLO endpoints, NameID formats persistent and emailAddress.
         */
        get: operations["getSamlByTenantIdMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saml/{tenantId}/slo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SAML single logout, HTTP-Redirect binding (a LogoutRequest) */
        get: operations["getSamlByTenantIdSlo"];
        put?: never;
        /** SAML single logout, HTTP-POST binding (a LogoutRequest) */
        post: operations["postSamlByTenantIdSlo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saml/{tenantId}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SAML SSO, HTTP-Redirect binding (an AuthnRequest) */
        get: operations["getSamlByTenantIdSso"];
        put?: never;
        /**
         * SAML SSO, HTTP-POST binding (an AuthnRequest)
         * @description A cross-site POST carries no SameSite=Lax cookie: the checked request continues with a 303 to a same-site GET that sees the browser's sign-in session.
         */
        post: operations["postSamlByTenantIdSso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: list or filter the groups (roles) of the token's organization */
        get: operations["getScimV2Groups"];
        put?: never;
        /** SCIM: create a group (a role without permissions) */
        post: operations["postScimV2Groups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: one group with its members */
        get: operations["getScimV2GroupsById"];
        /** SCIM: replace a group (name and members) */
        put: operations["putScimV2GroupsById"];
        post?: never;
        /** SCIM: delete a group (the role and its assignments) */
        delete: operations["deleteScimV2GroupsById"];
        options?: never;
        head?: never;
        /** SCIM: change a group (displayName, members add/remove/replace) */
        patch: operations["patchScimV2GroupsById"];
        trace?: never;
    };
    "/scim/v2/ResourceTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: the resource types (User, Group) */
        get: operations["getScimV2ResourceTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ResourceTypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: one resource type */
        get: operations["getScimV2ResourceTypesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: the schemas of User and Group */
        get: operations["getScimV2Schemas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: one schema */
        get: operations["getScimV2SchemasById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/ServiceProviderConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: what this service provider supports */
        get: operations["getScimV2ServiceProviderConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SCIM: list or filter the users of the token's subtree
         * @description Filters on userName, externalId, emails.value, displayName, active, id; startIndex/count paging.
         */
        get: operations["getScimV2Users"];
        put?: never;
        /**
         * SCIM: create (provision) a user
         * @description userName is the email; no setup mail is sent; 409 uniqueness for a taken email.
         */
        post: operations["postScimV2Users"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scim/v2/Users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SCIM: one user */
        get: operations["getScimV2UsersById"];
        /** SCIM: replace a user */
        put: operations["putScimV2UsersById"];
        post?: never;
        /**
         * SCIM: deprovision a user
         * @description Disables the user and removes its roles in the subtree; never erases.
         */
        delete: operations["deleteScimV2UsersById"];
        options?: never;
        head?: never;
        /** SCIM: change a user (add, replace, remove; active flips) */
        patch: operations["patchScimV2UsersById"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 6749 §5.2 error */
        OAuthError: {
            /** @example invalid_client */
            error: string;
            error_description: string;
        };
        /** @description RFC 9457 problem details */
        Problem: {
            /** @example urn:sso:problem:forbidden */
            type: string;
            title: string;
            status: number;
            /** @description what went wrong and what to do */
            detail: string;
            /**
             * @description stable UPPER_SNAKE code (CONTRACT §1)
             * @example FORBIDDEN
             */
            code: string;
        } & {
            [key: string]: unknown;
        };
        /** @description RFC 9457 problem details; `errors` lists the failing fields (VALIDATION_FAILED). A spent token sent in a body is 400 INVALID_TOKEN, without `errors`. */
        ValidationProblem: {
            /** @example urn:sso:problem:forbidden */
            type: string;
            title: string;
            status: number;
            /** @description what went wrong and what to do */
            detail: string;
            /**
             * @description stable UPPER_SNAKE code (CONTRACT §1)
             * @example FORBIDDEN
             */
            code: string;
            errors?: {
                field: string;
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiApplications: {
        parameters: {
            query: {
                organizationId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        identifier: string;
                        name: string;
                        /** @description null: the 30-day default */
                        webRefreshTtlDays: number | null;
                        /** @description null: the 90-day default */
                        deviceRefreshTtlDays: number | null;
                        googleClientIds: string[];
                        microsoftClientIds: string[];
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiApplications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    organizationId: number;
                    /** @description the audience, unique across the service (a URI by convention) */
                    identifier: string;
                    name: string;
                    webRefreshTtlDays?: number;
                    deviceRefreshTtlDays?: number;
                    /** @description social-login client ids: an array, or a comma-separated string (blank = platform default) */
                    googleClientIds?: string[] | string;
                    /** @description social-login client ids: an array, or a comma-separated string (blank = platform default) */
                    microsoftClientIds?: string[] | string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        identifier: string;
                        name: string;
                        /** @description null: the 30-day default */
                        webRefreshTtlDays: number | null;
                        /** @description null: the 90-day default */
                        deviceRefreshTtlDays: number | null;
                        googleClientIds: string[];
                        microsoftClientIds: string[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiApplicationsQuota: {
        parameters: {
            query: {
                organizationId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        used: number;
                        limit: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiApplicationsByApplicationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description absent: unchanged; null: back to the default */
                    webRefreshTtlDays?: number | null;
                    /** @description absent: unchanged; null: back to the default */
                    deviceRefreshTtlDays?: number | null;
                    /** @description social-login client ids: an array, or a comma-separated string (blank = platform default) */
                    googleClientIds?: string[] | string;
                    /** @description social-login client ids: an array, or a comma-separated string (blank = platform default) */
                    microsoftClientIds?: string[] | string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        identifier: string;
                        name: string;
                        /** @description null: the 30-day default */
                        webRefreshTtlDays: number | null;
                        /** @description null: the 90-day default */
                        deviceRefreshTtlDays: number | null;
                        googleClientIds: string[];
                        microsoftClientIds: string[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiApplicationsByApplicationIdBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                        displayName: string | null;
                        /**
                         * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                         * @example #1f5fbf
                         */
                        primaryColor: string | null;
                        /** @description The pages' help link: https (http only on loopback). Null clears it. */
                        supportUrl: string | null;
                        /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                        logoUrl: string | null;
                        /** @description What the application's pages and mails show: its own fields over the tenant's. */
                        effective: {
                            /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                            displayName: string | null;
                            /**
                             * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                             * @example #1f5fbf
                             */
                            primaryColor: string | null;
                            /** @description The pages' help link: https (http only on loopback). Null clears it. */
                            supportUrl: string | null;
                            /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                            logoUrl: string | null;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiApplicationsByApplicationIdBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                    displayName?: string | null;
                    /** @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it. */
                    primaryColor?: string | null;
                    /** @description The pages' help link: https (http only on loopback). Null clears it. */
                    supportUrl?: string | null;
                    /** @description A `data:` URL (`data:image/png;base64,…`) of a PNG, JPEG or WebP of at most 64 KiB; its type is read from the bytes (SVG, other types and oversized images: 400). Null removes the logo; absent keeps it. */
                    logo?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                        displayName: string | null;
                        /**
                         * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                         * @example #1f5fbf
                         */
                        primaryColor: string | null;
                        /** @description The pages' help link: https (http only on loopback). Null clears it. */
                        supportUrl: string | null;
                        /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                        logoUrl: string | null;
                        /** @description What the application's pages and mails show: its own fields over the tenant's. */
                        effective: {
                            /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                            displayName: string | null;
                            /**
                             * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                             * @example #1f5fbf
                             */
                            primaryColor: string | null;
                            /** @description The pages' help link: https (http only on loopback). Null clears it. */
                            supportUrl: string | null;
                            /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                            logoUrl: string | null;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiApplicationsByApplicationIdPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        code: string;
                        description: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiApplicationsByApplicationIdPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description letters, digits and . _ : / - (usable as a client scope) */
                    code: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        code: string;
                        description: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiApplicationsByApplicationIdPermissionsByPermissionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
                permissionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiApplicationsByApplicationIdSaml-providers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        entityId: string;
                        acsUrls: string[];
                        /** @enum {string} */
                        nameIdFormat: "persistent" | "emailAddress";
                        attributes: {
                            /** @description the attribute's Name as the SP expects it */
                            name: string;
                            /**
                             * @description where the value comes from: the SPEC 2.15 sources plus email and name
                             * @default email
                             * @enum {string}
                             */
                            from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                        }[];
                        signAuthnRequests: boolean;
                        certificate: string | null;
                        sloUrl: string | null;
                        /** @description what the SP needs to trust this service */
                        idp: {
                            /** @description this service's entity id for the tenant */
                            entityId: string;
                            metadataUrl: string;
                            /** @description HTTP-Redirect and HTTP-POST bindings */
                            ssoUrl: string;
                            sloUrl: string;
                            /** @description IdP-initiated sign-in into this SP */
                            initUrl: string;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiApplicationsByApplicationIdSaml-providers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the SP's entity id (its AuthnRequests' Issuer, the assertion's Audience); unique in the tenant */
                    entityId: string;
                    /** @description assertion consumer service URLs (https, or http on loopback), compared by exact string; the first is the default */
                    acsUrls: string[];
                    /** @description persistent: the user id (stable, never reassigned); emailAddress: the email */
                    nameIdFormat: "persistent" | "emailAddress";
                    attributes?: {
                        /** @description the attribute's Name as the SP expects it */
                        name: string;
                        /**
                         * @description where the value comes from: the SPEC 2.15 sources plus email and name
                         * @default email
                         * @enum {string}
                         */
                        from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                    }[];
                    /** @description require signed AuthnRequests and LogoutRequests (needs `certificate`) */
                    signAuthnRequests?: boolean;
                    /** @description the SP's signing certificate, PEM */
                    certificate?: string | null;
                    /** @description where LogoutResponses go (HTTP-Redirect); null: no single logout */
                    sloUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        entityId: string;
                        acsUrls: string[];
                        /** @enum {string} */
                        nameIdFormat: "persistent" | "emailAddress";
                        attributes: {
                            /** @description the attribute's Name as the SP expects it */
                            name: string;
                            /**
                             * @description where the value comes from: the SPEC 2.15 sources plus email and name
                             * @default email
                             * @enum {string}
                             */
                            from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                        }[];
                        signAuthnRequests: boolean;
                        certificate: string | null;
                        sloUrl: string | null;
                        /** @description what the SP needs to trust this service */
                        idp: {
                            /** @description this service's entity id for the tenant */
                            entityId: string;
                            metadataUrl: string;
                            /** @description HTTP-Redirect and HTTP-POST bindings */
                            ssoUrl: string;
                            sloUrl: string;
                            /** @description IdP-initiated sign-in into this SP */
                            initUrl: string;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiApplicationsByApplicationIdSaml-providersBySpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
                spId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        entityId: string;
                        acsUrls: string[];
                        /** @enum {string} */
                        nameIdFormat: "persistent" | "emailAddress";
                        attributes: {
                            /** @description the attribute's Name as the SP expects it */
                            name: string;
                            /**
                             * @description where the value comes from: the SPEC 2.15 sources plus email and name
                             * @default email
                             * @enum {string}
                             */
                            from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                        }[];
                        signAuthnRequests: boolean;
                        certificate: string | null;
                        sloUrl: string | null;
                        /** @description what the SP needs to trust this service */
                        idp: {
                            /** @description this service's entity id for the tenant */
                            entityId: string;
                            metadataUrl: string;
                            /** @description HTTP-Redirect and HTTP-POST bindings */
                            ssoUrl: string;
                            sloUrl: string;
                            /** @description IdP-initiated sign-in into this SP */
                            initUrl: string;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "putApiApplicationsByApplicationIdSaml-providersBySpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
                spId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the SP's entity id (its AuthnRequests' Issuer, the assertion's Audience); unique in the tenant */
                    entityId: string;
                    /** @description assertion consumer service URLs (https, or http on loopback), compared by exact string; the first is the default */
                    acsUrls: string[];
                    /** @description persistent: the user id (stable, never reassigned); emailAddress: the email */
                    nameIdFormat: "persistent" | "emailAddress";
                    attributes?: {
                        /** @description the attribute's Name as the SP expects it */
                        name: string;
                        /**
                         * @description where the value comes from: the SPEC 2.15 sources plus email and name
                         * @default email
                         * @enum {string}
                         */
                        from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                    }[];
                    /** @description require signed AuthnRequests and LogoutRequests (needs `certificate`) */
                    signAuthnRequests?: boolean;
                    /** @description the SP's signing certificate, PEM */
                    certificate?: string | null;
                    /** @description where LogoutResponses go (HTTP-Redirect); null: no single logout */
                    sloUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        entityId: string;
                        acsUrls: string[];
                        /** @enum {string} */
                        nameIdFormat: "persistent" | "emailAddress";
                        attributes: {
                            /** @description the attribute's Name as the SP expects it */
                            name: string;
                            /**
                             * @description where the value comes from: the SPEC 2.15 sources plus email and name
                             * @default email
                             * @enum {string}
                             */
                            from: "email" | "name" | "uid" | "sub" | "tenant_id" | "org_id" | "org_name" | "org_path" | "roles" | "permissions" | "scope_self" | "scope_subtree";
                        }[];
                        signAuthnRequests: boolean;
                        certificate: string | null;
                        sloUrl: string | null;
                        /** @description what the SP needs to trust this service */
                        idp: {
                            /** @description this service's entity id for the tenant */
                            entityId: string;
                            metadataUrl: string;
                            /** @description HTTP-Redirect and HTTP-POST bindings */
                            ssoUrl: string;
                            sloUrl: string;
                            /** @description IdP-initiated sign-in into this SP */
                            initUrl: string;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "deleteApiApplicationsByApplicationIdSaml-providersBySpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                applicationId: number;
                spId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiAudit: {
        parameters: {
            query: {
                organizationId: number;
                action?: string;
                userId?: number;
                q?: string;
                from?: string;
                to?: string;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description dotted lower-case, e.g. user.created */
                        action: string;
                        /** @description the affected user, else the actor */
                        userId: number | null;
                        organizationId: number | null;
                        /** Format: date-time */
                        createdAt: string;
                        ipAddress: string | null;
                        /** @description free-form; `actorId` names the actor */
                        metadata: {
                            [key: string]: unknown;
                        };
                        /** @description the user's name and email (`Name <email>`), when the user is of your tenant; else null */
                        userLabel: string | null;
                        /** @description the actor's (`metadata.actorId`) name and email, when of your tenant; else null */
                        actorLabel: string | null;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthLogin: {
        parameters: {
            query?: {
                web?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    audience?: string;
                    /** @description Present for a device (mobile) session. */
                    device?: {
                        deviceId?: string;
                        name?: string;
                        platform?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    } | {
                        /** @constant */
                        mfaRequired: true;
                        pendingToken: string;
                        expiresInSeconds: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Required when a body is sent; without a body the `sso_refresh` cookie is read. A token of another shape is 400; a well-formed unknown, spent or expired one is 401. */
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthMfaVerify: {
        parameters: {
            query?: {
                web?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pendingToken: string;
                    /** @description a 6-digit TOTP, or one of the recovery codes */
                    code: string;
                    audience?: string;
                    /** @description Present for a device (mobile) session. */
                    device?: {
                        deviceId?: string;
                        name?: string;
                        platform?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthPasskeyBegin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description single use, valid 5 minutes; send it to the matching finish */
                        attemptId: string;
                        /** @description the WebAuthn options JSON that @simplewebauthn/browser's startRegistration / startAuthentication take */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthPasskeyFinish: {
        parameters: {
            query?: {
                web?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the `attemptId` of the begin call */
                    attemptId: string;
                    /** @description the browser's response JSON (what @simplewebauthn/browser's startRegistration / startAuthentication answer) */
                    credential: {
                        [key: string]: unknown;
                    };
                    audience?: string;
                    /** @description Present for a device (mobile) session. */
                    device?: {
                        deviceId?: string;
                        name?: string;
                        platform?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthPasswordForgot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A reset token (forgot-password mail, 30 minutes: the link's long token, or the short code the mail shows, e.g. `7KQ2-M9XD-4RTB`) or a setup token (setup link, provisioning or import invite, 7 days). */
                    token: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Required when a body is sent; without a body the `sso_refresh` cookie is read. A token of another shape is 400; a well-formed unknown, spent or expired one is 401. */
                    refreshToken: string;
                    audience?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiAuthSocialByProvider: {
        parameters: {
            query?: {
                web?: boolean;
            };
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the provider's id_token (RS256 JWT) obtained by your front end */
                    idToken: string;
                    audience?: string;
                    /** @description Present for a device (mobile) session. */
                    device?: {
                        deviceId?: string;
                        name?: string;
                        platform?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    } | {
                        /** @constant */
                        mfaRequired: true;
                        pendingToken: string;
                        expiresInSeconds: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED or ACCOUNT_LOCKED (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiBranding: {
        parameters: {
            query?: {
                tenantId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                        displayName: string | null;
                        /**
                         * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                         * @example #1f5fbf
                         */
                        primaryColor: string | null;
                        /** @description The pages' help link: https (http only on loopback). Null clears it. */
                        supportUrl: string | null;
                        /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                        logoUrl: string | null;
                        /** @description Whether new-device sign-in alerts are mailed. */
                        newDeviceAlert: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiBranding: {
        parameters: {
            query?: {
                tenantId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                    displayName?: string | null;
                    /** @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it. */
                    primaryColor?: string | null;
                    /** @description The pages' help link: https (http only on loopback). Null clears it. */
                    supportUrl?: string | null;
                    /** @description A `data:` URL (`data:image/png;base64,…`) of a PNG, JPEG or WebP of at most 64 KiB; its type is read from the bytes (SVG, other types and oversized images: 400). Null removes the logo; absent keeps it. */
                    logo?: string | null;
                    /** @description Mail a person when they sign in on the hosted pages from a browser not seen before for their account (default false). */
                    newDeviceAlert?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown in the header of every hosted page and in every mail. Null clears it. */
                        displayName: string | null;
                        /**
                         * @description `#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.
                         * @example #1f5fbf
                         */
                        primaryColor: string | null;
                        /** @description The pages' help link: https (http only on loopback). Null clears it. */
                        supportUrl: string | null;
                        /** @description The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`). */
                        logoUrl: string | null;
                        /** @description Whether new-device sign-in alerts are mailed. */
                        newDeviceAlert: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiClients: {
        parameters: {
            query: {
                organizationId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        scopes: string[];
                        /** @description The bound application, null when unbound (then `aud` is the client id). */
                        applicationId: number | null;
                        organizationId: number;
                        /** @enum {string} */
                        type: "confidential" | "public";
                        /** @description Grants the client may use. */
                        grantTypes: string[];
                        /** @description Registered redirect URIs ([] for a machine client). */
                        redirectUris: string[];
                        /** @description Registered post-logout redirect URIs. */
                        postLogoutRedirectUris: string[];
                        /** @description Back-channel logout receiver, null when none. */
                        backchannelLogoutUri: string | null;
                        /** @description true: no consent page. */
                        firstParty: boolean;
                        /** @description true: authorization requests must carry a PKCE S256 challenge (always true for a public client). */
                        requirePkce: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name of the client. */
                    name: string;
                    /** @description Organization the client belongs to (its tokens carry this org and its tenant). */
                    orgId: number;
                    /** @description Binds the client to an application of the same tenant: tokens get that application's identifier as `aud`. Required with `authorization_code`. */
                    applicationId?: number;
                    /** @description Scopes the client may request. Omitted or empty: `["api.default"]`. A bound client may hold only `api.default` and its application's permission codes. */
                    scopes?: string[];
                    /** @description `confidential` (default): a server that keeps a secret. `public`: an SPA or native app that cannot keep one; it gets no secret and cannot hold `client_credentials`. Fixed at registration. */
                    type?: "confidential" | "public";
                    /** @description Grants the client may use. Default `["client_credentials"]` (a machine client). `authorization_code` (browser sign-in) needs `applicationId` and at least one redirect URI; `refresh_token` only together with `authorization_code`; a public client cannot hold `client_credentials`. Fixed at registration. */
                    grantTypes?: ("client_credentials" | "authorization_code" | "refresh_token")[];
                    /** @description Where the authorization endpoint may send the browser back to with a code. Each is an absolute URI without fragment: `https://…`, `http://` only on loopback (127.0.0.1, [::1], localhost), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1, e.g. `com.example.app:/callback`). Compared by exact string. At most 20, each at most 2000 characters. Only for clients holding `authorization_code`. */
                    redirectUris?: string[];
                    /** @description Where logout (RP-initiated logout, not served yet) may send the browser back to. Each is an absolute URI without fragment: `https://…`, `http://` only on loopback (127.0.0.1, [::1], localhost), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1, e.g. `com.example.app:/callback`). Compared by exact string. At most 20, each at most 2000 characters. Only for clients holding `authorization_code`. */
                    postLogoutRedirectUris?: string[];
                    /** @description Will receive logout tokens (OIDC Back-Channel Logout 1.0; not sent yet) as a form POST from the service. Absolute https to a public host (the webhook SSRF policy); plain http only on loopback and only when SSO_WEBHOOK_ALLOW_PRIVATE=true. No fragment. Only for clients holding `authorization_code`. */
                    backchannelLogoutUri?: string;
                    /** @description true (default): an application of the tenant itself, signed in to without a consent page. false: people are asked to consent to the scopes it requests. */
                    firstParty?: boolean;
                    /** @description true (default): every authorization request must carry a PKCE `code_challenge` (S256), and the code is redeemed only with its `code_verifier`. false (confidential clients only: it authenticates with its secret and relies on the OpenID `nonce`, RFC 9700 §2.1.1): the challenge may be omitted; a request that sends one is still bound to it, and a `code_verifier` for a code requested without one is refused (downgrade). A public client is refused false. */
                    requirePkce?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cli_…`; the HTTP Basic user name at /oauth2/token. */
                        clientId: string;
                        /** @description Confidential clients only (absent for a public client). Shown exactly once; only its SHA-256 is kept. A lost secret means registering a new client. */
                        clientSecret?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiClientsByClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        scopes: string[];
                        /** @description The bound application, null when unbound (then `aud` is the client id). */
                        applicationId: number | null;
                        organizationId: number;
                        /** @enum {string} */
                        type: "confidential" | "public";
                        /** @description Grants the client may use. */
                        grantTypes: string[];
                        /** @description Registered redirect URIs ([] for a machine client). */
                        redirectUris: string[];
                        /** @description Registered post-logout redirect URIs. */
                        postLogoutRedirectUris: string[];
                        /** @description Back-channel logout receiver, null when none. */
                        backchannelLogoutUri: string | null;
                        /** @description true: no consent page. */
                        firstParty: boolean;
                        /** @description true: authorization requests must carry a PKCE S256 challenge (always true for a public client). */
                        requirePkce: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchApiClientsByClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name of the client. */
                    name?: string;
                    /** @description Where the authorization endpoint may send the browser back to with a code. Each is an absolute URI without fragment: `https://…`, `http://` only on loopback (127.0.0.1, [::1], localhost), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1, e.g. `com.example.app:/callback`). Compared by exact string. At most 20, each at most 2000 characters. Only for clients holding `authorization_code`. */
                    redirectUris?: string[];
                    /** @description Where logout (RP-initiated logout, not served yet) may send the browser back to. Each is an absolute URI without fragment: `https://…`, `http://` only on loopback (127.0.0.1, [::1], localhost), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1, e.g. `com.example.app:/callback`). Compared by exact string. At most 20, each at most 2000 characters. Only for clients holding `authorization_code`. */
                    postLogoutRedirectUris?: string[];
                    /** @description null removes the back-channel logout URI. */
                    backchannelLogoutUri?: string | null;
                    /** @description true (default): an application of the tenant itself, signed in to without a consent page. false: people are asked to consent to the scopes it requests. */
                    firstParty?: boolean;
                    /** @description true (default): every authorization request must carry a PKCE `code_challenge` (S256), and the code is redeemed only with its `code_verifier`. false (confidential clients only: it authenticates with its secret and relies on the OpenID `nonce`, RFC 9700 §2.1.1): the challenge may be omitted; a request that sends one is still bound to it, and a `code_verifier` for a code requested without one is refused (downgrade). A public client is refused false. */
                    requirePkce?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        scopes: string[];
                        /** @description The bound application, null when unbound (then `aud` is the client id). */
                        applicationId: number | null;
                        organizationId: number;
                        /** @enum {string} */
                        type: "confidential" | "public";
                        /** @description Grants the client may use. */
                        grantTypes: string[];
                        /** @description Registered redirect URIs ([] for a machine client). */
                        redirectUris: string[];
                        /** @description Registered post-logout redirect URIs. */
                        postLogoutRedirectUris: string[];
                        /** @description Back-channel logout receiver, null when none. */
                        backchannelLogoutUri: string | null;
                        /** @description true: no consent page. */
                        firstParty: boolean;
                        /** @description true: authorization requests must carry a PKCE S256 challenge (always true for a public client). */
                        requirePkce: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiImportCommit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description import under this organization (ORG_MANAGE and reach over its subtree) */
                    rootParentOrgId?: number;
                    /** @description import into a new tenant (PLATFORM_ADMIN) */
                    rootTenant?: {
                        orgName: string;
                        slug: string;
                    };
                    organizations?: {
                        externalId: string;
                        name: string;
                        slug: string;
                        type?: string;
                        parentExternalId?: string;
                    }[];
                    applications?: {
                        externalId: string;
                        orgExternalId: string;
                        identifier: string;
                        name: string;
                    }[];
                    permissions?: {
                        externalId: string;
                        appExternalId: string;
                        code: string;
                        description?: string;
                    }[];
                    roles?: {
                        externalId: string;
                        orgExternalId: string;
                        name: string;
                        description?: string;
                        scope?: string;
                        permissionCodes?: string[];
                        permissionExternalIds?: string[];
                    }[];
                    users?: {
                        externalId: string;
                        orgExternalId: string;
                        email: string;
                        fullName: string;
                        passwordBcrypt?: string;
                    }[];
                    assignments?: {
                        userExternalId: string;
                        roleExternalId: string;
                        orgExternalId: string;
                    }[];
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobId: number;
                        /** @enum {string} */
                        status: "VALID" | "INVALID" | "COMPLETED" | "REJECTED";
                        dryRun: boolean;
                        tenantId: number | null;
                        rootOrgId: number | null;
                        counts: {
                            organizations: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            applications: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            permissions: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            roles: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            users: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            assignments: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                        };
                        errors: {
                            entityType: string;
                            externalId: string;
                            field: string;
                            message: string;
                        }[];
                        invites: {
                            userExternalId: string;
                            email: string;
                            setupToken: string;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiImportJobs: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number | null;
                        rootOrgId: number | null;
                        status: string;
                        dryRun: boolean;
                        counts: {
                            [key: string]: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                        };
                        errors: {
                            entityType: string;
                            externalId: string;
                            field: string;
                            message: string;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        completedAt: string | null;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiImportValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description import under this organization (ORG_MANAGE and reach over its subtree) */
                    rootParentOrgId?: number;
                    /** @description import into a new tenant (PLATFORM_ADMIN) */
                    rootTenant?: {
                        orgName: string;
                        slug: string;
                    };
                    organizations?: {
                        externalId: string;
                        name: string;
                        slug: string;
                        type?: string;
                        parentExternalId?: string;
                    }[];
                    applications?: {
                        externalId: string;
                        orgExternalId: string;
                        identifier: string;
                        name: string;
                    }[];
                    permissions?: {
                        externalId: string;
                        appExternalId: string;
                        code: string;
                        description?: string;
                    }[];
                    roles?: {
                        externalId: string;
                        orgExternalId: string;
                        name: string;
                        description?: string;
                        scope?: string;
                        permissionCodes?: string[];
                        permissionExternalIds?: string[];
                    }[];
                    users?: {
                        externalId: string;
                        orgExternalId: string;
                        email: string;
                        fullName: string;
                        passwordBcrypt?: string;
                    }[];
                    assignments?: {
                        userExternalId: string;
                        roleExternalId: string;
                        orgExternalId: string;
                    }[];
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobId: number;
                        /** @enum {string} */
                        status: "VALID" | "INVALID" | "COMPLETED" | "REJECTED";
                        dryRun: boolean;
                        tenantId: number | null;
                        rootOrgId: number | null;
                        counts: {
                            organizations: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            applications: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            permissions: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            roles: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            users: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                            assignments: {
                                created: number;
                                updated: number;
                                skipped: number;
                                failed: number;
                            };
                        };
                        errors: {
                            entityType: string;
                            externalId: string;
                            field: string;
                            message: string;
                        }[];
                        invites: {
                            userExternalId: string;
                            email: string;
                            setupToken: string;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiMfaDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiMfaSetupBegin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description otpauth://totp/… to show as a QR code in an authenticator app */
                        otpAuthUri: string;
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiMfaSetupConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the current 6-digit code of the authenticator */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 10 single-use codes, shown once */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiOrganizations: {
        parameters: {
            query?: {
                after?: string;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            tenantId: number;
                            /** @description null for a tenant's root org */
                            parentId: number | null;
                            /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                            path: string;
                            type: string;
                            name: string;
                            slug: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "SUSPENDED";
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                        hasNext: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description ^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$, unique in the tenant */
                    slug: string;
                    /** @description default: the caller's active organization */
                    parentId?: number;
                    /** @description free string, default `organization` */
                    type?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        /** @description null for a tenant's root org */
                        parentId: number | null;
                        /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                        path: string;
                        type: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "SUSPENDED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiOrganizationsSearch: {
        parameters: {
            query?: {
                q?: string;
                status?: "ACTIVE" | "SUSPENDED";
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        /** @description null for a tenant's root org */
                        parentId: number | null;
                        /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                        path: string;
                        type: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "SUSPENDED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiOrganizationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    type?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        /** @description null for a tenant's root org */
                        parentId: number | null;
                        /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                        path: string;
                        type: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "SUSPENDED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiOrganizationsByIdActivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        /** @description null for a tenant's root org */
                        parentId: number | null;
                        /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                        path: string;
                        type: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "SUSPENDED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiOrganizationsByIdDomains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        organizationId: number;
                        verified: boolean;
                        /** Format: date-time */
                        verifiedAt: string | null;
                        /** @description publish a TXT record under this name… */
                        txtName: string;
                        /** @description …with exactly this value, then call verify */
                        txtValue: string;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiOrganizationsByIdDomains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a domain the organization owns, such as example.com; stored lower-case in IDNA ASCII form. Public mail domains (gmail.com, outlook.com, …) are refused */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        organizationId: number;
                        verified: boolean;
                        /** Format: date-time */
                        verifiedAt: string | null;
                        /** @description publish a TXT record under this name… */
                        txtName: string;
                        /** @description …with exactly this value, then call verify */
                        txtValue: string;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiOrganizationsByIdDomainsByDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiOrganizationsByIdDomainsByDomainVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description true marks the domain verified without the DNS proof: platform administrators only (403 otherwise) */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: string;
                        organizationId: number;
                        verified: boolean;
                        /** Format: date-time */
                        verifiedAt: string | null;
                        /** @description publish a TXT record under this name… */
                        txtName: string;
                        /** @description …with exactly this value, then call verify */
                        txtValue: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description why the domain is not verified yet (the proof was not found) */
                        reason?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiOrganizationsByIdIdentity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        /** @enum {string} */
                        kind: "oidc" | "saml";
                        name: string;
                        enabled: boolean;
                        domains: string[];
                        jit: {
                            enabled: boolean;
                            roleId: number | null;
                        };
                        oidc: {
                            issuer: string;
                            clientId: string;
                            scopes: string[];
                            /** @description a secret is stored (it is never answered) */
                            clientSecretSet: boolean;
                        } | null;
                        saml: {
                            entityId: string;
                            ssoUrl: string;
                            certificates: string[];
                            /** @description the settings were read from a metadata document */
                            fromMetadata: boolean;
                        } | null;
                        ssoRequired: boolean;
                        /** @description OIDC: register this redirect URI at the upstream */
                        redirectUri?: string;
                        /** @description SAML: this service's entity id (the Audience) for this connection */
                        spEntityId?: string;
                        /** @description SAML: the assertion consumer service URL (HTTP-POST) */
                        acsUrl?: string;
                        /** @description SAML: this service's metadata for this connection */
                        spMetadataUrl?: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiOrganizationsByIdIdentity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the upstream's protocol */
                    kind: "oidc" | "saml";
                    /** @description shown on the sign-in page */
                    name: string;
                    /** @description default true */
                    enabled?: boolean;
                    /** @description mail domains routed to this provider; each verified for this organization or one above it (else 400) */
                    domains?: string[];
                    jit?: {
                        /** @description create an account in this organization at a first sign-in */
                        enabled: boolean;
                        /** @description the role given to accounts created that way: of this organization or one above it, one you could assign */
                        roleId?: number | null;
                    };
                    oidc?: {
                        /** @description the upstream's issuer; its discovery document is /.well-known/openid-configuration below it */
                        issuer: string;
                        clientId: string;
                        /** @description write-only, stored encrypted; required on create, a PUT without it keeps the stored one */
                        clientSecret?: string;
                        /** @description default openid email profile; openid is always asked */
                        scopes?: string[];
                    };
                    /** @description either { metadataXml } or { entityId, ssoUrl, certificates } */
                    saml?: {
                        /** @description the IdP's SAML 2.0 metadata (no DOCTYPE) */
                        metadataXml?: string;
                        entityId?: string;
                        /** @description the IdP's single sign-on URL (HTTP-Redirect binding) */
                        ssoUrl?: string;
                        /** @description signing certificates, PEM */
                        certificates?: string[];
                    };
                    /** @description default false; true: people of the connection's domains cannot sign in with a password (platform administrators keep theirs) */
                    ssoRequired?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        /** @enum {string} */
                        kind: "oidc" | "saml";
                        name: string;
                        enabled: boolean;
                        domains: string[];
                        jit: {
                            enabled: boolean;
                            roleId: number | null;
                        };
                        oidc: {
                            issuer: string;
                            clientId: string;
                            scopes: string[];
                            /** @description a secret is stored (it is never answered) */
                            clientSecretSet: boolean;
                        } | null;
                        saml: {
                            entityId: string;
                            ssoUrl: string;
                            certificates: string[];
                            /** @description the settings were read from a metadata document */
                            fromMetadata: boolean;
                        } | null;
                        ssoRequired: boolean;
                        /** @description OIDC: register this redirect URI at the upstream */
                        redirectUri?: string;
                        /** @description SAML: this service's entity id (the Audience) for this connection */
                        spEntityId?: string;
                        /** @description SAML: the assertion consumer service URL (HTTP-POST) */
                        acsUrl?: string;
                        /** @description SAML: this service's metadata for this connection */
                        spMetadataUrl?: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiOrganizationsByIdIdentity-providersByIdpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                idpId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        /** @enum {string} */
                        kind: "oidc" | "saml";
                        name: string;
                        enabled: boolean;
                        domains: string[];
                        jit: {
                            enabled: boolean;
                            roleId: number | null;
                        };
                        oidc: {
                            issuer: string;
                            clientId: string;
                            scopes: string[];
                            /** @description a secret is stored (it is never answered) */
                            clientSecretSet: boolean;
                        } | null;
                        saml: {
                            entityId: string;
                            ssoUrl: string;
                            certificates: string[];
                            /** @description the settings were read from a metadata document */
                            fromMetadata: boolean;
                        } | null;
                        ssoRequired: boolean;
                        /** @description OIDC: register this redirect URI at the upstream */
                        redirectUri?: string;
                        /** @description SAML: this service's entity id (the Audience) for this connection */
                        spEntityId?: string;
                        /** @description SAML: the assertion consumer service URL (HTTP-POST) */
                        acsUrl?: string;
                        /** @description SAML: this service's metadata for this connection */
                        spMetadataUrl?: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "putApiOrganizationsByIdIdentity-providersByIdpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                idpId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the upstream's protocol */
                    kind: "oidc" | "saml";
                    /** @description shown on the sign-in page */
                    name: string;
                    /** @description default true */
                    enabled?: boolean;
                    /** @description mail domains routed to this provider; each verified for this organization or one above it (else 400) */
                    domains?: string[];
                    jit?: {
                        /** @description create an account in this organization at a first sign-in */
                        enabled: boolean;
                        /** @description the role given to accounts created that way: of this organization or one above it, one you could assign */
                        roleId?: number | null;
                    };
                    oidc?: {
                        /** @description the upstream's issuer; its discovery document is /.well-known/openid-configuration below it */
                        issuer: string;
                        clientId: string;
                        /** @description write-only, stored encrypted; required on create, a PUT without it keeps the stored one */
                        clientSecret?: string;
                        /** @description default openid email profile; openid is always asked */
                        scopes?: string[];
                    };
                    /** @description either { metadataXml } or { entityId, ssoUrl, certificates } */
                    saml?: {
                        /** @description the IdP's SAML 2.0 metadata (no DOCTYPE) */
                        metadataXml?: string;
                        entityId?: string;
                        /** @description the IdP's single sign-on URL (HTTP-Redirect binding) */
                        ssoUrl?: string;
                        /** @description signing certificates, PEM */
                        certificates?: string[];
                    };
                    /** @description default false; true: people of the connection's domains cannot sign in with a password (platform administrators keep theirs) */
                    ssoRequired?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        /** @enum {string} */
                        kind: "oidc" | "saml";
                        name: string;
                        enabled: boolean;
                        domains: string[];
                        jit: {
                            enabled: boolean;
                            roleId: number | null;
                        };
                        oidc: {
                            issuer: string;
                            clientId: string;
                            scopes: string[];
                            /** @description a secret is stored (it is never answered) */
                            clientSecretSet: boolean;
                        } | null;
                        saml: {
                            entityId: string;
                            ssoUrl: string;
                            certificates: string[];
                            /** @description the settings were read from a metadata document */
                            fromMetadata: boolean;
                        } | null;
                        ssoRequired: boolean;
                        /** @description OIDC: register this redirect URI at the upstream */
                        redirectUri?: string;
                        /** @description SAML: this service's entity id (the Audience) for this connection */
                        spEntityId?: string;
                        /** @description SAML: the assertion consumer service URL (HTTP-POST) */
                        acsUrl?: string;
                        /** @description SAML: this service's metadata for this connection */
                        spMetadataUrl?: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "deleteApiOrganizationsByIdIdentity-providersByIdpId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                idpId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiOrganizationsByIdScim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUsedAt?: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiOrganizationsByIdScim-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what the token is for (e.g. `Entra ID`, `Okta`); shown in the list */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description the bearer secret for the identity provider's SCIM connector (`scim_…`); answered only here, stored as its SHA-256 */
                        token: string;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "deleteApiOrganizationsByIdScim-tokensByTokenId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                tokenId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiOrganizationsByIdSuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        tenantId: number;
                        /** @description null for a tenant's root org */
                        parentId: number | null;
                        /** @description `/{tenantId}/{rootOrgId}/…/{id}/` */
                        path: string;
                        type: string;
                        name: string;
                        slug: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "SUSPENDED";
                        /** Format: date-time */
                        expiresAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiPlatformSandboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        /** @description the root org's name */
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        expiresAt: string | null;
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiPlatformTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orgName: string;
                    adminEmail: string;
                    adminFullName: string;
                    /** @description makes a sandbox whose root org expires after this many days */
                    ttlDays?: number;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        rootOrgId: number;
                        orgName: string;
                        slug: string;
                        adminEmail: string;
                        /** @description one-time; redeem at POST /api/auth/password/reset */
                        setupToken: string;
                        /**
                         * Format: date-time
                         * @description the setup token's expiry
                         */
                        expiresAt: string;
                        /** @description true when the setup link was mailed to the admin at once (redeeming it verifies the address) */
                        setupMailSent: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiPlatformTenantsByTenantIdFeatures: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customClaims: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        customClaims: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiPlatformTenantsByTenantIdLimits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description applications per organization */
                    maxApplications: number;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        maxApplications: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiPlatformTenantsByTenantIdUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applications: number;
                        maxApplications: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiRoles: {
        parameters: {
            query: {
                organizationId: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        scope: "SELF" | "SUBTREE";
                        permissions: {
                            id: number;
                            code: string;
                            applicationId: number;
                        }[];
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description default: the caller's active organization */
                    organizationId?: number;
                    description?: string;
                    /** @description codes of the org's applications (and its ancestors') or system codes */
                    permissionCodes?: string[];
                    permissionIds?: number[];
                    /** @description default SELF */
                    scope?: "SELF" | "SUBTREE";
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        scope: "SELF" | "SUBTREE";
                        permissions: {
                            id: number;
                            code: string;
                            applicationId: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiRolesByRoleIdAssign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: number;
                    organizationId: number;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiRolesByRoleIdPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description codes of the org's applications (and its ancestors') or system codes */
                    permissionCodes?: string[];
                    permissionIds?: number[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        organizationId: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        scope: "SELF" | "SUBTREE";
                        permissions: {
                            id: number;
                            code: string;
                            applicationId: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiRolesByRoleIdRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: number;
                    organizationId: number;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiTenant-hierarchyVisible-orgsByParentOrgId": {
        parameters: {
            query?: {
                after?: string;
                size?: number;
            };
            header?: never;
            path: {
                parentOrgId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        parentOrgId: number;
                        childOrgIds: number[];
                        nextCursor: string | null;
                        hasNext: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiTenantSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: number;
                        /** @description organizations of the tenant */
                        organizations: number;
                        /** @description users of the tenant (erased ones left out) */
                        users: number;
                        /** @description applications of the tenant */
                        applications: number;
                        /** @description API clients of the tenant */
                        clients: number;
                        /** @description sign-ins (auth.login.succeeded) since `since` */
                        signIns: number | null;
                        /** @description failed sign-ins (auth.login.failed) since `since` */
                        failedSignIns: number | null;
                        /**
                         * Format: date-time
                         * @description the start of the window: 24 hours ago
                         */
                        since: string;
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getApiToken-claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mapping: {
                            /** @description at most 50 entries */
                            add: ({
                                /** @description claim name; `.` nests (a.b becomes { a: { b } }); never a standard claim */
                                key: string;
                                /** @description a source name, or several gathered into one array */
                                from?: string | string[];
                                /** @description a constant written as given */
                                value?: unknown;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        enabled: boolean;
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "putApiToken-claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mapping: {
                        /** @description at most 50 entries */
                        add: ({
                            /** @description claim name; `.` nests (a.b becomes { a: { b } }); never a standard claim */
                            key: string;
                            /** @description a source name, or several gathered into one array */
                            from?: string | string[];
                            /** @description a constant written as given */
                            value?: unknown;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mapping: {
                            /** @description at most 50 entries */
                            add: ({
                                /** @description claim name; `.` nests (a.b becomes { a: { b } }); never a standard claim */
                                key: string;
                                /** @description a source name, or several gathered into one array */
                                from?: string | string[];
                                /** @description a constant written as given */
                                value?: unknown;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        enabled: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiToken-claimsPreview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description at most 50 entries */
                    add: ({
                        /** @description claim name; `.` nests (a.b becomes { a: { b } }); never a standard claim */
                        key: string;
                        /** @description a source name, or several gathered into one array */
                        from?: string | string[];
                        /** @description a constant written as given */
                        value?: unknown;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description what the mapping would add to the caller's own token */
                        claims: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsers: {
        parameters: {
            query: {
                organizationId: number;
                size?: number;
                q?: string;
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        email: string;
                        fullName: string;
                        /** @enum {string} */
                        status: "ACTIVE" | "DISABLED" | "ERASED";
                        hasPassword: boolean;
                        /** @description true once the person proved the mailbox is theirs (a verification, setup or reset link, or a provider that verified it) */
                        emailVerified: boolean;
                        organizationId: number;
                        /** @description roles held at the listed organization */
                        roles: {
                            id: number;
                            name: string;
                        }[];
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description home organization */
                    organizationId: number;
                    /** @description unique across the service, case-insensitive; the domain is compared and stored in IDNA ASCII form (`bücher.example` → `xn--bcher-kva.example`, fullwidth letters mapped), and a domain IDNA refuses is 400 */
                    email: string;
                    fullName: string;
                    /** @description absent: the user has no password until a setup link is used */
                    password?: string;
                    /** @description a first role, assigned at the home org (needs ROLE_MANAGE too) */
                    roleId?: number;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        email: string;
                        organizationId: number;
                        /** @description true when the user was created without a password and the password-setup mail went out */
                        setupMailSent: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiUsersMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The language of the caller's hosted pages and mails; null forgets the choice. */
                    locale: "en" | "de" | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        locale: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiUsersMeActive-organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    organizationId: number;
                    audience?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        refreshToken?: string;
                        /** @constant */
                        tokenType: "Bearer";
                        expiresInSeconds: number;
                        deviceId?: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMeConsents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        applicationId: number | null;
                        /** @description The client's name. */
                        name: string;
                        scopes: string[];
                        /** Format: date-time */
                        grantedAt: string;
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiUsersMeConsentsByClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMeDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deviceId: string;
                        name: string;
                        platform: string;
                        /** Format: date-time */
                        lastSeenAt: string;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiUsersMeDevicesByDeviceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersMeEmailVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true when the address was already verified (then no mail is sent) */
                        emailVerified: boolean;
                        /** @description true when a verification link was mailed to the caller's address */
                        sent: boolean;
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMeExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything the service holds about the user (data-subject export) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: number;
                            tenantId: number;
                            organizationId: number;
                            email: string;
                            fullName: string;
                            status: string;
                            hasPassword: boolean;
                            /** @description true once the person proved the mailbox is theirs */
                            emailVerified: boolean;
                            /** @description The language saved for the person's pages and mails (`en`, `de`), or null. */
                            locale: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        memberships: {
                            organizationId: number;
                            tenantId: number;
                            name: string;
                            path: string;
                            status: string;
                            roles: {
                                id: number;
                                name: string;
                            }[];
                        }[];
                        roles: {
                            roleId: number;
                            roleName: string;
                            organizationId: number;
                        }[];
                        devices: {
                            deviceId: string;
                            name: string;
                            platform: string;
                            /** Format: date-time */
                            lastSeenAt: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        sessions: {
                            mode: string;
                            organizationId: number;
                            audience: string;
                            deviceId: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                        }[];
                        mfa: {
                            enabled: boolean;
                        };
                        /** @description the user's passkeys (no key material) */
                        passkeys: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            backedUp: boolean;
                        }[];
                        auditEntries: {
                            id: number;
                            action: string;
                            userId: number | null;
                            organizationId: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            ipAddress: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMeMemberships: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: number;
                        tenantId: number;
                        name: string;
                        path: string;
                        status: string;
                        roles: {
                            id: number;
                            name: string;
                        }[];
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMePasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the passkey's id in this API (not the WebAuthn credential id) */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description the last sign-in with it; null when never used
                         */
                        lastUsedAt: string | null;
                        /** @description whether the credential is backed up (synced by a passkey manager) */
                        backedUp: boolean;
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersMePasskeysRegisterBegin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description a name for the new passkey (e.g. the device) */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description single use, valid 5 minutes; send it to the matching finish */
                        attemptId: string;
                        /** @description the WebAuthn options JSON that @simplewebauthn/browser's startRegistration / startAuthentication take */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersMePasskeysRegisterFinish: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the `attemptId` of the begin call */
                    attemptId: string;
                    /** @description the browser's response JSON (what @simplewebauthn/browser's startRegistration / startAuthentication answer) */
                    credential: {
                        [key: string]: unknown;
                    };
                    /** @description overrides the name given at begin */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the passkey's id in this API (not the WebAuthn credential id) */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description the last sign-in with it; null when never used
                         */
                        lastUsedAt: string | null;
                        /** @description whether the credential is backed up (synced by a passkey manager) */
                        backedUp: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiUsersMePasskeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the passkey's id in this API (not the WebAuthn credential id) */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description the last sign-in with it; null when never used
                         */
                        lastUsedAt: string | null;
                        /** @description whether the credential is backed up (synced by a passkey manager) */
                        backedUp: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiUsersMePasskeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersMePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersMeSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A sign-in session's `sid`, or a refresh family's id (the `sid` of its /api/auth tokens). */
                        id: string;
                        /** @enum {string} */
                        kind: "signin" | "refresh";
                        /** @description refresh: the OAuth client the family was started for (code grant). */
                        clientId: string | null;
                        /** @description refresh: that client's name as registered ("Admin console" for the console). */
                        clientName: string | null;
                        /** @description refresh: the client's application. */
                        applicationId: number | null;
                        deviceId: string | null;
                        /** @description refresh: web, plain or device. */
                        mode: string | null;
                        /** @description refresh: the session's active organization. */
                        organizationId: number | null;
                        /** @description refresh: the audience last minted for. */
                        audience: string | null;
                        /** @description signin: the clients that got tokens in it. */
                        clients: string[];
                        /** @description signin: those clients' names as registered, in the same order (an unknown one keeps its id). */
                        clientNames: string[];
                        /** Format: date-time */
                        createdAt: string | null;
                        /** Format: date-time */
                        lastUsedAt: string | null;
                        /** Format: date-time */
                        expiresAt: string;
                        ipAddress: string | null;
                        /** @description true for the session of the calling token */
                        current: boolean;
                    }[];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiUsersMeSessionsRevoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many sign-in sessions and refresh families ended. */
                        revoked: number;
                    };
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiUsersMeSessionsBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName?: string;
                    /** @description unique across the service, case-insensitive; the domain is compared and stored in IDNA ASCII form (`bücher.example` → `xn--bcher-kva.example`, fullwidth letters mapped), and a domain IDNA refuses is 400; a change clears `emailVerified` (USER_MANAGE, no-takeover) */
                    email?: string;
                    /** @description new home organization (inside your reach) */
                    organizationId?: number;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersByIdDisable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersByIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersByIdErase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersByIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything the service holds about the user (data-subject export) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: number;
                            tenantId: number;
                            organizationId: number;
                            email: string;
                            fullName: string;
                            status: string;
                            hasPassword: boolean;
                            /** @description true once the person proved the mailbox is theirs */
                            emailVerified: boolean;
                            /** @description The language saved for the person's pages and mails (`en`, `de`), or null. */
                            locale: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        memberships: {
                            organizationId: number;
                            tenantId: number;
                            name: string;
                            path: string;
                            status: string;
                            roles: {
                                id: number;
                                name: string;
                            }[];
                        }[];
                        roles: {
                            roleId: number;
                            roleName: string;
                            organizationId: number;
                        }[];
                        devices: {
                            deviceId: string;
                            name: string;
                            platform: string;
                            /** Format: date-time */
                            lastSeenAt: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        sessions: {
                            mode: string;
                            organizationId: number;
                            audience: string;
                            deviceId: string | null;
                            /** Format: date-time */
                            expiresAt: string;
                        }[];
                        mfa: {
                            enabled: boolean;
                        };
                        /** @description the user's passkeys (no key material) */
                        passkeys: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            backedUp: boolean;
                        }[];
                        auditEntries: {
                            id: number;
                            action: string;
                            userId: number | null;
                            organizationId: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            ipAddress: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiUsersByIdPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the passkey's id in this API (not the WebAuthn credential id) */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description the last sign-in with it; null when never used
                         */
                        lastUsedAt: string | null;
                        /** @description whether the credential is backed up (synced by a passkey manager) */
                        backedUp: boolean;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiUsersByIdPasskeysByPasskeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                passkeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiUsersByIdPassword-setup-link": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersByIdSessionsRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many sessions ended. */
                        revoked: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiUsersByIdUnlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiWebhooks: {
        parameters: {
            query: {
                organizationId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        organizationId: number;
                        url: string;
                        /** @description comma-separated (CONTRACT §7); empty: all events */
                        eventTypes: string;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    }[];
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    organizationId: number;
                    /** @description one webhook per application; the application of this org or an ancestor */
                    applicationId: number;
                    /** @description https URL that receives POSTed deliveries (plain http and private hosts only with SSO_WEBHOOK_ALLOW_PRIVATE=true) */
                    url: string;
                    /** @description event types to receive (SPEC 6); empty or absent: all */
                    eventTypes?: string[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        url: string;
                        /** @description whsec_… (Standard Webhooks); shown only now and at rotation */
                        secret: string;
                        eventTypes: string[];
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putApiWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https URL that receives POSTed deliveries (plain http and private hosts only with SSO_WEBHOOK_ALLOW_PRIVATE=true) */
                    url?: string;
                    /** @description event types to receive (SPEC 6); empty or absent: all */
                    eventTypes?: string[];
                    /** @description false pauses deliveries (events raised while paused are never delivered) */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        applicationId: number;
                        organizationId: number;
                        url: string;
                        /** @description comma-separated (CONTRACT §7); empty: all events */
                        eventTypes: string;
                        active: boolean;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CONFLICT: a duplicate */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: JSON bodies only */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteApiWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                size?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            webhookId: number;
                            /** @description the webhook-id header: the same on every attempt of this delivery (receivers' idempotency key) */
                            webhookMessageId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "PENDING" | "DELIVERED" | "FAILED" | "CANCELLED";
                            /** @description attempts made so far */
                            attempt: number;
                            /** @description HTTP status of the last attempt; null without an answer */
                            responseStatus: number | null;
                            /** @description why the last attempt failed */
                            error: string | null;
                            /** Format: date-time */
                            lastAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @description the next retry (PENDING only)
                             */
                            nextAttemptAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            deliveredAt: string | null;
                        }[];
                        next: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiWebhooksByIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        webhookId: number;
                        /** @description the webhook-id header: the same on every attempt of this delivery (receivers' idempotency key) */
                        webhookMessageId: string;
                        eventType: string;
                        /** @enum {string} */
                        status: "PENDING" | "DELIVERED" | "FAILED" | "CANCELLED";
                        /** @description attempts made so far */
                        attempt: number;
                        /** @description HTTP status of the last attempt; null without an answer */
                        responseStatus: number | null;
                        /** @description why the last attempt failed */
                        error: string | null;
                        /** Format: date-time */
                        lastAttemptAt: string | null;
                        /**
                         * Format: date-time
                         * @description the next retry (PENDING only)
                         */
                        nextAttemptAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        deliveredAt: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "postApiWebhooksByIdRotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        secret: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description UNAUTHENTICATED, INVALID_TOKEN, INVALID_CREDENTIALS, REFRESH_TOKEN_REUSED or MFA_INVALID_CODE */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN (permission or reach), QUOTA_EXCEEDED, FEATURE_NOT_ENABLED or ORG_SUSPENDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOauth2Authorize: {
        parameters: {
            query: {
                /** @description The client (`cli_…`). */
                client_id: string;
                /** @description Exactly one of the client's registered redirect URIs, compared by exact string. Only a registered public client's `http://127.0.0.1` or `http://[::1]` URI may differ in its port (RFC 8252 §7.3); the console's (`sso-console`) never does, whatever the issuer. */
                redirect_uri: string;
                /** @description `code`. */
                response_type: string;
                /** @description `query` (the default: a 303 to the redirect URI) or `form_post` (a page that POSTs the answer to the redirect URI); any other value is `invalid_request`. */
                response_mode?: string;
                /** @description PKCE S256 challenge (43 base64url characters). Required of a public client and of a confidential one unless it is registered with `requirePkce: false`; a request that sends one is bound to it. */
                code_challenge?: string;
                /** @description `S256` (the only method); with `code_challenge` only. */
                code_challenge_method?: string;
                /** @description `openid profile email offline_access`; unknown values are ignored. */
                scope?: string;
                /** @description Echoed back unchanged. */
                state?: string;
                /** @description Put into the ID token. */
                nonce?: string;
                /** @description `none`, `login`, `consent`, `select_account`. */
                prompt?: string;
                /** @description Seconds: an older sign-in is asked again. */
                max_age?: string;
                /** @description An ID token of this service naming who should be signed in. */
                id_token_hint?: string;
                /** @description Prefills the email field. */
                login_hint?: string;
                /** @description Preferred languages of the pages. */
                ui_locales?: string;
                /** @description `urn:sso:acr:mfa` asks for two factors: a session that reached only `urn:sso:acr:pwd` is asked for its second factor (step-up). The lowest listed level of ours is what is asked; unknown values are ignored. */
                acr_values?: string;
                /** @description The org id to preselect as the active organization. */
                organization?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML), or with `response_mode=form_post` the page that posts the answer to the client. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page (HTML): the application asks for a second factor (`acr_values=urn:sso:acr:mfa`) and the person has none. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOauth2Authorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML), or with `response_mode=form_post` the page that posts the answer to the client. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page (HTML): the application asks for a second factor (`acr_values=urn:sso:acr:mfa`) and the person has none. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOauth2Introspect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The token: a refresh token or an access token of this service. */
                    token?: string;
                    /** @description `refresh_token` or `access_token`; a hint only (the token's shape decides). */
                    token_type_hint?: string;
                    /** @description As at the token endpoint. */
                    client_id?: string;
                    /** @description As at the token endpoint (`client_secret_post`). */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description RFC 7662 §2.2: with `active: true`, the token's claims too. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description False for anything but a live token of this service in the caller's tenant. */
                        active: boolean;
                        /** @description `Bearer` (access token) or `refresh_token`. */
                        token_type?: string;
                        /** @description The client the token was issued to. */
                        client_id?: string;
                        scope?: string;
                        sub?: string;
                        aud?: string | string[];
                        iss?: string;
                        exp?: number;
                        iat?: number;
                        sid?: string;
                        jti?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description only POST */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description temporarily_unavailable: a store is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    getOauth2Logout: {
        parameters: {
            query?: {
                /** @description An ID token this service issued to the client. */
                id_token_hint?: string;
                /** @description One of the client's registered post-logout redirect URIs. */
                post_logout_redirect_uri?: string;
                /** @description Echoed back on the redirect. */
                state?: string;
                /** @description The client, when no hint is sent (without either, the browser's own session). */
                client_id?: string;
                /** @description Accepted and ignored. */
                logout_hint?: string;
                /** @description Preferred languages of the pages. */
                ui_locales?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOauth2Logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOauth2Revoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The token: a refresh token or an access token of this service. */
                    token?: string;
                    /** @description `refresh_token` or `access_token`; a hint only (the token's shape decides). */
                    token_type_hint?: string;
                    /** @description As at the token endpoint. */
                    client_id?: string;
                    /** @description As at the token endpoint (`client_secret_post`). */
                    client_secret?: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RFC 6749 error: invalid_request, unsupported_grant_type, invalid_scope or unauthorized_client */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description invalid_client (WWW-Authenticate: Basic) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description only POST */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description slow_down: the client is over its rate (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description temporarily_unavailable: a store is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    postOauth2Token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description `client_credentials`, `authorization_code` or `refresh_token`. */
                    grant_type: string;
                    /** @description client_credentials: space-separated subset of the client's scopes; omitted means all of them. Ignored by the other grants. */
                    scope?: string;
                    /** @description With HTTP Basic: optional, must equal the Basic user name. Without: the client (`client_secret_post` with `client_secret`, or `none` for a public client). */
                    client_id?: string;
                    /** @description `client_secret_post` only (never together with HTTP Basic, never in the URL). */
                    client_secret?: string;
                    /** @description authorization_code: the code from the authorization response. */
                    code?: string;
                    /** @description authorization_code: exactly the redirect_uri of the authorization request. */
                    redirect_uri?: string;
                    /** @description authorization_code: the PKCE verifier (RFC 7636, S256). Required when the authorization request sent a `code_challenge`; refused (`invalid_grant`) when it sent none (RFC 9700 §4.8.2). */
                    code_verifier?: string;
                    /** @description refresh_token: the client's current refresh token. */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description RS256 JWT (`typ: at+jwt`): `token_use: machine` for client_credentials; the SPEC 2.1 user token with `client_id`, `scope` and `sid` for the other grants. */
                        access_token: string;
                        /** @constant */
                        token_type: "Bearer";
                        /** @description Seconds (900). */
                        expires_in: number;
                        /** @description What was granted, space-separated. */
                        scope: string;
                        /** @description authorization_code with `openid` granted: the ID token (RS256, `typ: JWT`). */
                        id_token?: string;
                        /** @description authorization_code and refresh_token grants, for a client holding `refresh_token`: rotating, bound to the client. */
                        refresh_token?: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description only POST */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request | invalid_client | invalid_grant | unauthorized_client | unsupported_grant_type | invalid_scope | slow_down | temporarily_unavailable | server_error */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description temporarily_unavailable: a store is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    getOauth2Userinfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The user's id as a decimal string (the ID token's `sub`). */
                        sub: string;
                        /** @description With `email`. */
                        email?: string;
                        /** @description With `email`. */
                        email_verified?: boolean;
                        /** @description With `profile`. */
                        name?: string;
                        /** @description With `profile`: seconds since the epoch. */
                        updated_at?: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postOauth2Userinfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The access token, when not sent as `Authorization: Bearer` (never both; a repeated parameter is `invalid_request`). */
                    access_token: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The user's id as a decimal string (the ID token's `sub`). */
                        sub: string;
                        /** @description With `email`. */
                        email?: string;
                        /** @description With `email`. */
                        email_verified?: boolean;
                        /** @description With `profile`. */
                        name?: string;
                        /** @description With `profile`: seconds since the epoch. */
                        updated_at?: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description invalid_request (400) | invalid_token (401) | insufficient_scope (403) */
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSamlByTenantIdInit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSamlByTenantIdMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED: the request is malformed (every failing field listed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationProblem"];
                };
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSamlByTenantIdSlo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSamlByTenantIdSlo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSamlByTenantIdSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSamlByTenantIdSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hosted page (HTML). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Back to the client's redirect URI, or (after a POST) to the next page. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page (HTML): unknown client, unregistered redirect URI, expired page. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such id in your tenant */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAVAILABLE: a backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: an unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getScimV2Groups: {
        parameters: {
            query?: {
                filter?: string;
                startIndex?: string;
                count?: string;
                attributes?: string;
                excludedAttributes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    postScimV2Groups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2GroupsById: {
        parameters: {
            query?: {
                filter?: string;
                startIndex?: string;
                count?: string;
                attributes?: string;
                excludedAttributes?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    putScimV2GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    deleteScimV2GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    patchScimV2GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2ResourceTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2ResourceTypesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2Schemas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2SchemasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2ServiceProviderConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2Users: {
        parameters: {
            query?: {
                filter?: string;
                startIndex?: string;
                count?: string;
                attributes?: string;
                excludedAttributes?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    postScimV2Users: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    getScimV2UsersById: {
        parameters: {
            query?: {
                filter?: string;
                startIndex?: string;
                count?: string;
                attributes?: string;
                excludedAttributes?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    putScimV2UsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    deleteScimV2UsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
    patchScimV2UsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalidFilter, invalidValue, invalidSyntax, noTarget or invalidPath */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A SCIM token is required, or it is unknown or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The user holds a system code: out of the token's reach */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description No such resource in the token's subtree */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The path takes other methods */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description uniqueness: the userName or displayName is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description If-Match names another version */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description Not implemented (POST /.search, bulk) */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description A backing store is down; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
            /** @description An unexpected error (quote x-request-id) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/scim+json": {
                        schemas: string[];
                        status: string;
                        scimType?: string;
                        detail?: string;
                    };
                };
            };
        };
    };
}
