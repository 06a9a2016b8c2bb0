CREATE TABLE "order_shipment_items" (
	"shipment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_items_shipment_id_order_item_id_pk" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "order_shipment_items_quantity_positive" CHECK ("order_shipment_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "order_shipment_items" ADD CONSTRAINT "order_shipment_items_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_items" ADD CONSTRAINT "order_shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipment_items_order_item_idx" ON "order_shipment_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id","id");--> statement-breakpoint
-- Cash is collected on delivery (decision 037): orders delivered before this migration were paid at the door.
UPDATE "orders" SET "payment_status" = 'paid' WHERE "status" = 'delivered' AND "payment_method" = 'cash' AND "payment_status" = 'pending';--> statement-breakpoint
UPDATE "payments" SET "status" = 'paid' WHERE "method" = 'cash' AND "status" = 'pending'
  AND EXISTS (SELECT 1 FROM "orders" WHERE "orders"."payment_id" = "payments"."id" AND "orders"."status" <> 'cancelled')
  AND NOT EXISTS (SELECT 1 FROM "orders" WHERE "orders"."payment_id" = "payments"."id" AND "orders"."status" <> 'cancelled' AND "orders"."payment_status" <> 'paid');
