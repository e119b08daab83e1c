CREATE TABLE "assistant_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_session" ADD CONSTRAINT "assistant_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_session_user_idx" ON "assistant_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assistant_session_expires_idx" ON "assistant_session" USING btree ("expires_at");