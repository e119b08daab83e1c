ALTER TABLE "employee" ADD COLUMN "employment_ended_on" date;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "employment_end_reason" text;