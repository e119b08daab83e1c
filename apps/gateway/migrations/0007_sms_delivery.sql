ALTER TABLE "outbox_message" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "transport" text DEFAULT 'outbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "state" text DEFAULT 'delivered' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_idempotency_key_idx" ON "outbox_message" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_message_due_idx" ON "outbox_message" USING btree ("state","next_attempt_at");