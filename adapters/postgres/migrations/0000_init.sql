CREATE TABLE "api_clients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"application_id" bigint,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"web_refresh_ttl_days" integer,
	"device_refresh_ttl_days" integer,
	"google_client_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"microsoft_client_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint,
	"org_path" text DEFAULT '' NOT NULL,
	"user_id" bigint,
	"actor_id" bigint,
	"action" text NOT NULL,
	"ip_address" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims_mappings" (
	"organization_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"mapping" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_refs" (
	"tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	CONSTRAINT "external_refs_tenant_id_kind_external_id_pk" PRIMARY KEY("tenant_id","kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"caller_tenant_id" bigint NOT NULL,
	"root_org_id" bigint,
	"status" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"parent_id" bigint,
	"path" text NOT NULL,
	"type" text DEFAULT 'organization' NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" bigint NOT NULL,
	"permission_id" bigint NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT 'SELF' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_families" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"current_selector" text NOT NULL,
	"verifier_hash" text NOT NULL,
	"device_id" text,
	"revoked" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_selectors" (
	"selector" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"verifier_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_key_enc" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activates_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"is_platform" boolean DEFAULT false NOT NULL,
	"max_applications" integer,
	"custom_claims" boolean DEFAULT false NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_organization_id_pk" PRIMARY KEY("user_id","role_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"email" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"mfa_secret_enc" text,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"webhook_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"url" text NOT NULL,
	"event_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret_enc" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_clients_org" ON "api_clients" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_identifier" ON "applications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "applications_org" ON "applications" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "audit_tenant_created" ON "audit_log" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "audit_path" ON "audit_log" USING btree ("org_path" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "audit_user" ON "audit_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_device" ON "devices" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE INDEX "import_jobs_tenant" ON "import_jobs" USING btree ("caller_tenant_id","id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_user" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user" ON "one_time_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_slug" ON "organizations" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "organizations_tenant_id" ON "organizations" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "organizations_parent" ON "organizations" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "organizations_path" ON "organizations" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_app_code" ON "permissions" USING btree ("application_id","code");--> statement-breakpoint
CREATE INDEX "permissions_code" ON "permissions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "role_permissions_perm" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name" ON "roles" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "roles_tenant" ON "roles" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "session_families_user" ON "session_families" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_families_selector" ON "session_families" USING btree ("current_selector");--> statement-breakpoint
CREATE INDEX "session_selectors_family" ON "session_selectors" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_roles_org" ON "user_roles" USING btree ("tenant_id","organization_id","user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_tenant_org" ON "users" USING btree ("tenant_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_hook" ON "webhook_deliveries" USING btree ("webhook_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_application" ON "webhooks" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "webhooks_tenant_org" ON "webhooks" USING btree ("tenant_id","organization_id");