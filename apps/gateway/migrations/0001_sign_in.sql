CREATE TABLE "app_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text,
	"phone_region" text,
	"phone_e164" text,
	"email" text,
	"username" text,
	"password_hash" text,
	"photo" text,
	"gender" text DEFAULT 'U' NOT NULL,
	"birthdate" date,
	"certification_status" smallint DEFAULT 0 NOT NULL,
	"certified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_email_lower" CHECK ("app_user"."email" = lower("app_user"."email")),
	CONSTRAINT "app_user_username_lower" CHECK ("app_user"."username" = lower("app_user"."username")),
	CONSTRAINT "app_user_has_contact" CHECK ("app_user"."phone_e164" is not null or "app_user"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_agreement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_agreement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"agreement_version_id" integer NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"device_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"access_hash" text NOT NULL,
	"refresh_hash" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"ip" text NOT NULL,
	"device_id" text NOT NULL,
	"client" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_agreement" ADD CONSTRAINT "user_agreement_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agreement" ADD CONSTRAINT "user_agreement_agreement_version_id_agreement_version_id_fk" FOREIGN KEY ("agreement_version_id") REFERENCES "public"."agreement_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_phone_e164_key" ON "app_user" USING btree ("phone_e164");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_key" ON "app_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "user_agreement_user_version_key" ON "user_agreement" USING btree ("user_id","agreement_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_session_access_hash_key" ON "user_session" USING btree ("access_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "user_session_refresh_hash_key" ON "user_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "user_session_family_idx" ON "user_session" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");