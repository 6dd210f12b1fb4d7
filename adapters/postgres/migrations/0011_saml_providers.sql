CREATE TABLE "saml_providers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"entity_id" text NOT NULL,
	"acs_urls" jsonb NOT NULL,
	"name_id_format" text NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sign_authn_requests" boolean DEFAULT false NOT NULL,
	"certificate" text,
	"slo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saml_providers_tenant_entity" ON "saml_providers" USING btree ("tenant_id","entity_id");--> statement-breakpoint
CREATE INDEX "saml_providers_application" ON "saml_providers" USING btree ("tenant_id","application_id");