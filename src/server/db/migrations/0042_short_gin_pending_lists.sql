ALTER INDEX "products_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_color_ids_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_size_ids_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
-- What already waits in their pending lists joins the indexes now.
SELECT gin_clean_pending_list('products_search_idx'::regclass), gin_clean_pending_list('products_name_trgm_idx'::regclass),
  gin_clean_pending_list('products_color_ids_idx'::regclass), gin_clean_pending_list('products_size_ids_idx'::regclass);
