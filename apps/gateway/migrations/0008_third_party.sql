CREATE TABLE "external_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_account" ADD CONSTRAINT "external_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_account_provider_subject_key" ON "external_account" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_account_user_provider_key" ON "external_account" USING btree ("user_id","provider");