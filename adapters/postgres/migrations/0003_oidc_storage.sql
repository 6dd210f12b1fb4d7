CREATE TABLE "authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"reused" boolean DEFAULT false NOT NULL,
	"issued" jsonb
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consents_tenant_id_user_id_client_id_pk" PRIMARY KEY("tenant_id","user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "signin_sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"secret_hash" text NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"amr" text[] NOT NULL,
	"idle_seconds" integer NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"clients" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "authorization_codes_expiry" ON "authorization_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "signin_sessions_user" ON "signin_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "signin_sessions_expiry" ON "signin_sessions" USING btree ("absolute_expires_at");