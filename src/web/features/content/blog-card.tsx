import { Link } from 'react-router';
import type { BlogCard as BlogCardData } from '../../../shared/content.contract.ts';
import { useDateFormat } from '../../lib/date.ts';
import { blogPath } from './content-queries.ts';

/** A post's publication date. */
export function BlogDate({ iso, className }: { iso: string; className: string }) {
  const formatDate = useDateFormat();
  return (
    <time dateTime={iso} className={className}>
      {formatDate(iso, { dateStyle: 'long' })}
    </time>
  );
}

interface BlogCardProps {
  blog: BlogCardData;
  /** A card in the first row of the page's main list: its picture loads at once. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** docs/product/storefront.md §1 BlogCard: picture, category, date, title and excerpt; the whole card opens the post. */
export function BlogCard({ blog, priority = false, headingLevel: Heading = 'h2' }: BlogCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={blog.thumbnail}
          alt=""
          width={400}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          <span dir="auto" className="rounded-full bg-primary-50 px-2.5 py-0.5 font-semibold text-primary-900">
            {blog.category.name}
          </span>
          <BlogDate iso={blog.published_at} className="text-slate-600" />
        </div>
        <Heading dir="auto" className="text-start text-lg leading-snug font-semibold text-slate-900 group-hover:text-primary-800">
          <Link
            to={blogPath(blog.slug)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-primary-700"
          >
            {blog.title}
          </Link>
        </Heading>
        <p dir="auto" className="line-clamp-3 text-start text-sm leading-6 text-slate-600">
          {blog.excerpt}
        </p>
      </div>
    </article>
  );
}

/** A card's shape while the posts load. */
export function BlogCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="aspect-[4/3] animate-pulse bg-slate-200 motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 p-4">
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-5 w-11/12 rounded bg-slate-200" />
        <div className="h-4 w-full rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
      </div>
    </div>
  );
}

const gridClass = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** Posts in a grid of one, two or three columns; skeletons while `blogs` is undefined. */
export function BlogGrid({ blogs, eager = 0, skeletons = 6, headingLevel }: { blogs: BlogCardData[] | undefined; eager?: number; skeletons?: number; headingLevel?: 'h2' | 'h3' }) {
  if (!blogs) {
    return (
      <div className={gridClass}>
        {Array.from({ length: skeletons }, (_, index) => (
          <BlogCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={gridClass}>
      {blogs.map((blog, index) => (
        <li key={blog.id}>
          <BlogCard blog={blog} priority={index < eager} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
