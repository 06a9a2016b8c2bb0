ALTER TABLE "content_pages" ADD COLUMN "footer_group" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "footer_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "content_pages" SET "footer_group" = 'company', "footer_order" = CASE "slug" WHEN 'about-us' THEN 1 WHEN 'terms-and-conditions' THEN 2 ELSE 3 END WHERE "slug" IN ('about-us', 'terms-and-conditions', 'privacy-policy');
