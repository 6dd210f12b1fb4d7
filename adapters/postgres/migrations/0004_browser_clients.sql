ALTER TABLE "api_clients" ALTER COLUMN "secret_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "type" text DEFAULT 'confidential' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "grant_types" jsonb DEFAULT '["client_credentials"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "post_logout_redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "first_party" boolean DEFAULT true NOT NULL;