ALTER TABLE "notice_batch" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "notice_batch" ADD COLUMN "created_by" uuid;