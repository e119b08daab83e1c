CREATE TABLE "notice_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"target" jsonb,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_recipient" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"company_code" text NOT NULL,
	"employee_no" text NOT NULL,
	"user_id" uuid,
	"inbox" text NOT NULL,
	"wechat" text DEFAULT 'none' NOT NULL,
	"reason" text,
	CONSTRAINT "notice_recipient_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "notice_recipient" ADD CONSTRAINT "notice_recipient_batch_id_notice_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."notice_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipient" ADD CONSTRAINT "notice_recipient_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_batch_source_key" ON "notice_batch" USING btree ("source","idempotency_key");--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_batch_id_notice_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."notice_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_batch_user_key" ON "notice" USING btree ("batch_id","user_id");