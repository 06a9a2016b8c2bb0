import { z } from 'zod';

export const subCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), thumbnail: z.string() });
export const categorySchema = subCategorySchema.extend({ sub_categories: z.array(subCategorySchema) });

export type SubCategory = z.infer<typeof subCategorySchema>;
export type Category = z.infer<typeof categorySchema>;
