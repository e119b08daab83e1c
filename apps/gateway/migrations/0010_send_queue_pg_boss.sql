DROP INDEX "outbox_message_due_idx";--> statement-breakpoint
ALTER TABLE "outbox_message" DROP COLUMN "next_attempt_at";