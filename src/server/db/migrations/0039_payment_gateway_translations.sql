ALTER TABLE "payment_gateways" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A store that kept the demo's cash title gets its translations, as a new store's seed gives them.
UPDATE "payment_gateways" SET "translations" = '{"ar":{"title":"الدفع عند الاستلام"},"ir":{"title":"پرداخت در محل"}}'::jsonb WHERE "name" = 'cash' AND "title" = 'Cash on Delivery' AND "translations" = '{}'::jsonb;
