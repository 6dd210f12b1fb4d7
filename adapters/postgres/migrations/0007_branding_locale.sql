CREATE TABLE "branding" (
	"tenant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"display_name" text,
	"primary_color" text,
	"support_url" text,
	"logo_hash" text,
	"new_device_alert" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_tenant_id_application_id_pk" PRIMARY KEY("tenant_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "branding_logos" (
	"tenant_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_logos_tenant_id_hash_pk" PRIMARY KEY("tenant_id","hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;