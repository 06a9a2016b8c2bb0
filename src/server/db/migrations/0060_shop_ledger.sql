CREATE TABLE "shop_ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_ledger_entry_names_its_cause" CHECK ("shop_ledger_entries"."order_id" is not null or "shop_ledger_entries"."refund_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "commission_rate" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "commission_rate" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_one_earning" ON "shop_ledger_entries" USING btree ("order_id") WHERE "shop_ledger_entries"."kind" = 'order_earning';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_one_entry_per_refund" ON "shop_ledger_entries" USING btree ("kind","refund_id") WHERE "shop_ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "shop_ledger_shop_idx" ON "shop_ledger_entries" USING btree ("shop_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_ledger_pending_idx" ON "shop_ledger_entries" USING btree ("available_at") WHERE "shop_ledger_entries"."status" = 'pending';