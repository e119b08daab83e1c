CREATE TABLE "wechat_mini_account" (
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"user_id" uuid NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_mini_account_app_id_open_id_pk" PRIMARY KEY("app_id","open_id")
);
--> statement-breakpoint
ALTER TABLE "wechat_mini_account" ADD CONSTRAINT "wechat_mini_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;