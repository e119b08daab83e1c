DROP INDEX "user_session_family_idx";--> statement-breakpoint
DROP INDEX "user_session_user_idx";--> statement-breakpoint
CREATE INDEX "user_session_user_family_idx" ON "user_session" USING btree ("user_id","family_id");