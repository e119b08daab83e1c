CREATE TABLE "operator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_last_step" integer,
	"locale" text DEFAULT 'zh-CN' NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_email_lower" CHECK ("operator"."email" = lower("operator"."email"))
);
--> statement-breakpoint
CREATE TABLE "operator_enrollment" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"totp_secret" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_recovery_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operator_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_role" (
	"operator_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "operator_role_operator_id_role_pk" PRIMARY KEY("operator_id","role")
);
--> statement-breakpoint
CREATE TABLE "operator_session" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"operator_id" uuid,
	"operator_email" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"before" jsonb,
	"after" jsonb,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason" text,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"trace_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_enrollment" ADD CONSTRAINT "operator_enrollment_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_passkey" ADD CONSTRAINT "operator_passkey_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_recovery_code" ADD CONSTRAINT "operator_recovery_code_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_role" ADD CONSTRAINT "operator_role_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_email_key" ON "operator" USING btree ("email");--> statement-breakpoint
CREATE INDEX "operator_enrollment_operator_idx" ON "operator_enrollment" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_passkey_operator_idx" ON "operator_passkey" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_code_hash_key" ON "operator_recovery_code" USING btree ("operator_id","code_hash");--> statement-breakpoint
CREATE INDEX "operator_session_operator_idx" ON "operator_session" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_operator_at_idx" ON "audit_log" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_resource_at_idx" ON "audit_log" USING btree ("resource_type","at");--> statement-breakpoint
-- Hand-written: the audit log is append-only. The database itself refuses to change or remove a
-- row (UPDATE, DELETE) or to empty the table (TRUNCATE), whoever asks.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
