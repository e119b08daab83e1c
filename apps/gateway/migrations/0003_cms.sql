CREATE TABLE "auth_app" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_article" (
	"id" text PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"cover" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_zh" text NOT NULL,
	"summary_en" text NOT NULL,
	"source_zh" text NOT NULL,
	"source_en" text NOT NULL,
	"blocks_zh" jsonb NOT NULL,
	"blocks_en" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_category" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_page" (
	"code" text PRIMARY KEY NOT NULL,
	"floors_zh" jsonb NOT NULL,
	"floors_en" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"dest" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cms_article" ADD CONSTRAINT "cms_article_category_code_cms_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."cms_category"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_code" ADD CONSTRAINT "grant_code_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_code" ADD CONSTRAINT "grant_code_app_id_auth_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."auth_app"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_article_category_idx" ON "cms_article" USING btree ("category_code","published_at");--> statement-breakpoint
CREATE INDEX "grant_code_user_idx" ON "grant_code" USING btree ("user_id");