CREATE TABLE "cms_article_version" (
	"article_id" text NOT NULL,
	"version" integer NOT NULL,
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
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "cms_article_version_article_id_version_pk" PRIMARY KEY("article_id","version")
);
