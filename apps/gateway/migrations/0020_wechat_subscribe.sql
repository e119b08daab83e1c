CREATE TABLE "wechat_subscribe_accept" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"template_id" text NOT NULL,
	"locale" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_for" text
);
--> statement-breakpoint
ALTER TABLE "notice_recipient" ADD COLUMN "wechat_message_id" integer;--> statement-breakpoint
ALTER TABLE "wechat_subscribe_accept" ADD CONSTRAINT "wechat_subscribe_accept_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_subscribe_accept_unused_idx" ON "wechat_subscribe_accept" USING btree ("user_id","app_id","template_id","accepted_at") WHERE "wechat_subscribe_accept"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_subscribe_accept_used_for_key" ON "wechat_subscribe_accept" USING btree ("used_for");