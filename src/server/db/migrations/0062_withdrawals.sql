CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"payout_details" text NOT NULL,
	"reference" text,
	"reject_reason" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "console_members" DROP CONSTRAINT "console_members_shop_staff_permissions";--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" DROP CONSTRAINT "shop_ledger_entry_names_its_cause";--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_shop_idx" ON "withdrawals" USING btree ("shop_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_one_entry_per_withdrawal" ON "shop_ledger_entries" USING btree ("kind","withdrawal_id") WHERE "shop_ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
ALTER TABLE "console_members" ADD CONSTRAINT "console_members_shop_staff_permissions" CHECK ("console_members"."permissions" <@ array['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'promotions.write', 'support.read', 'support.write', 'payouts.request']::text[] and ("console_members"."role" = 'shop_staff' or cardinality("console_members"."permissions") = 0));--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entry_names_its_cause" CHECK ("shop_ledger_entries"."order_id" is not null or "shop_ledger_entries"."refund_id" is not null or "shop_ledger_entries"."withdrawal_id" is not null);