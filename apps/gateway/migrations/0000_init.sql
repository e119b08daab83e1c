CREATE TABLE "dict_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"value" text NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"dial_code" text,
	"sort_order" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"set_type" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "agreement_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "agreement_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agreement_id" integer NOT NULL,
	"version" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"required" boolean NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_version" ADD CONSTRAINT "agreement_version_agreement_id_agreement_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_item_type_value_key" ON "dict_item" USING btree ("type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_version_agreement_version_key" ON "agreement_version" USING btree ("agreement_id","version");--> statement-breakpoint
CREATE INDEX "agreement_version_current_idx" ON "agreement_version" USING btree ("agreement_id","published_at");--> statement-breakpoint
CREATE INDEX "outbox_message_recipient_idx" ON "outbox_message" USING btree ("recipient","id");