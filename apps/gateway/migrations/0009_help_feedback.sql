CREATE TABLE "help_feedback" (
	"information_id" text NOT NULL,
	"voter" text NOT NULL,
	"user_id" uuid,
	"helpful" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_feedback_information_id_voter_pk" PRIMARY KEY("information_id","voter")
);
--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_information_id_cms_article_id_fk" FOREIGN KEY ("information_id") REFERENCES "public"."cms_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_feedback_user_idx" ON "help_feedback" USING btree ("user_id");