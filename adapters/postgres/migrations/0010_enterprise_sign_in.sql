CREATE TABLE "identity_providers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"jit_enabled" boolean DEFAULT false NOT NULL,
	"jit_role_id" bigint,
	"oidc" jsonb,
	"saml" jsonb,
	"sso_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_domains" (
	"tenant_id" bigint NOT NULL,
	"organization_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"txt_token" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_domains_tenant_id_domain_pk" PRIMARY KEY("tenant_id","domain")
);
--> statement-breakpoint
CREATE INDEX "identity_providers_tenant_org" ON "identity_providers" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_domains_verified" ON "org_domains" USING btree ("domain") WHERE "org_domains"."verified";--> statement-breakpoint
CREATE INDEX "org_domains_tenant_org" ON "org_domains" USING btree ("tenant_id","organization_id");