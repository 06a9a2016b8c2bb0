import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Seeded products' variants, set-based so the bulk seed stays fast: one per colour × size a product
 * offers (or per colour, or per size), or one default variant without options. The product's stock
 * is spread over them, the remainder to the first; with three or more variants the last starts sold
 * out, and with three or more sizes the largest costs 10 % more, so the demo shows both. Each
 * variant's starting stock is its ledger's first movement, an import; products keep their stock
 * (the sum of their variants).
 */
export async function addSeededVariants(tx: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    with combinations as (
      select p.id as product_id, p.sku as product_sku, p.price, p.stock, pc.color_id, c.name as color_name, ps.size_id, s.name as size_name,
             dense_rank() over (partition by p.id order by s.sort_order desc nulls last, s.id desc) as size_rank_from_largest,
             (select count(*) from product_sizes counted where counted.product_id = p.id) as size_count
      from products p
      left join product_colors pc on pc.product_id = p.id
      left join colors c on c.id = pc.color_id
      left join product_sizes ps on ps.product_id = p.id
      left join sizes s on s.id = ps.size_id
      where p.id = any(${`{${productIds.join(',')}}`}::int[])
    ),
    numbered as (
      select *,
             row_number() over (partition by product_id order by color_id nulls first, size_rank_from_largest desc, size_id nulls first) as position,
             count(*) over (partition by product_id) as variant_count
      from combinations
    ),
    shared as (
      select *, case when variant_count >= 3 then variant_count - 1 else variant_count end as selling_count from numbered
    ),
    planned as (
      select product_id, color_id, size_id, position,
             product_sku
               || coalesce('-' || regexp_replace(upper(color_name), '[^A-Z0-9]+', '', 'g'), '')
               || coalesce('-' || regexp_replace(upper(size_name), '[^A-Z0-9]+', '', 'g'), '') as sku,
             case when size_count >= 3 and size_rank_from_largest = 1 then price + round(price * 0.1 / 100)::int * 100 end as price,
             case when position > selling_count then 0
                  else (stock / selling_count + case when position = 1 then stock % selling_count else 0 end)::int end as stock
      from shared
    ),
    inserted as (
      insert into product_variants (product_id, color_id, size_id, sku, price, stock)
      select product_id, color_id, size_id, sku, price, stock from planned order by product_id, position
      returning id, stock
    )
    insert into stock_movements (variant_id, change, reason)
    select id, stock, 'import' from inserted where stock <> 0`);
}
