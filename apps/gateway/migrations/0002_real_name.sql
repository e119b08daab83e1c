CREATE TABLE "client_company" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_company_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "employee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"employee_no" text NOT NULL,
	"name" text NOT NULL,
	"pinyin_name" text,
	"gender" text DEFAULT 'U' NOT NULL,
	"birthdate" date,
	"nationality" text,
	"id_type" text NOT NULL,
	"id_no_cipher" text NOT NULL,
	"id_no_index" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"postcode" text,
	"identity_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_avatar" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_certification" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"employee_id" uuid NOT NULL,
	"method" text NOT NULL,
	"bank_card_cipher" text,
	"bank_card_last4" text,
	"identity_version" integer NOT NULL,
	"certified_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_company_id_client_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatar" ADD CONSTRAINT "user_avatar_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certification" ADD CONSTRAINT "user_certification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certification" ADD CONSTRAINT "user_certification_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_company_no_key" ON "employee" USING btree ("company_id","employee_no");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_id_no_index_key" ON "employee" USING btree ("id_no_index");--> statement-breakpoint
CREATE INDEX "user_avatar_sha_idx" ON "user_avatar" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "user_certification_employee_key" ON "user_certification" USING btree ("employee_id");