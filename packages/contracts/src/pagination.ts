import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from './constants.js';

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(PAGE_DEFAULT),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const pageLinkSchema = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });

/** The paginated list shape of spec/000 §3: message, data, links (first, last), meta. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    message: z.string(),
    data: z.array(item),
    links: z.object({ first: z.string().nullable(), last: z.string().nullable() }),
    meta: z.object({
      current_page: z.number().int(),
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      links: z.array(pageLinkSchema),
      per_page: z.number().int(),
      to: z.number().int().nullable(),
      total: z.number().int(),
    }),
  });
}
export type Paginated<T> = {
  message: string;
  data: T[];
  links: { first: string | null; last: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: { url: string | null; label: string; active: boolean }[];
    per_page: number;
    to: number | null;
    total: number;
  };
};
