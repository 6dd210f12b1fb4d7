CREATE TABLE "external_identities" (
	"connection_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_identities_connection_id_subject_pk" PRIMARY KEY("connection_id","subject")
);
--> statement-breakpoint
CREATE INDEX "external_identities_user" ON "external_identities" USING btree ("tenant_id","user_id");