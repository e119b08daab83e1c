CREATE TABLE "agreement_draft" (
	"agreement_id" integer PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "cms_article_draft" (
	"id" text PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"cover" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_zh" text NOT NULL,
	"summary_en" text NOT NULL,
	"source_zh" text NOT NULL,
	"source_en" text NOT NULL,
	"html_zh" text NOT NULL,
	"html_en" text NOT NULL,
	"published_at" timestamp with time zone,
	"live" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "cms_media" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"extension" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "cms_page_draft" (
	"code" text PRIMARY KEY NOT NULL,
	"floors_zh" jsonb NOT NULL,
	"floors_en" jsonb NOT NULL,
	"base_version" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "cms_page_version" (
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"floors_zh" jsonb NOT NULL,
	"floors_en" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "cms_page_version_code_version_pk" PRIMARY KEY("code","version")
);
--> statement-breakpoint
CREATE TABLE "cms_schedule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cms_schedule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"action" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"snapshot" jsonb,
	"created_by" text,
	"created_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "agreement_draft" ADD CONSTRAINT "agreement_draft_agreement_id_agreement_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_article_draft" ADD CONSTRAINT "cms_article_draft_category_code_cms_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."cms_category"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_schedule_resource_idx" ON "cms_schedule" USING btree ("resource_type","resource_id","state");