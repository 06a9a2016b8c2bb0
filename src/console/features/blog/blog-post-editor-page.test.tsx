// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleBlogPost } from '../../../shared/blog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const contentEditor = { ...storeOwner, role: 'content_editor' as const, permissions: ['content.write' as const, 'catalogue.read' as const] };
const categories = [{ id: 3, name: 'Store news', slug: 'store-news', translations: {}, post_count: 2, missing_translations: [] }];

const post = (extra: Partial<ConsoleBlogPost> = {}): ConsoleBlogPost => ({
  id: 9,
  title: 'Winter coats',
  slug: 'winter-coats',
  category_id: 3,
  category_name: 'Store news',
  cover: '/media/placeholder/blog/winter-coats.svg',
  meta_description: 'How to choose a coat.',
  body: '<p>Warm layers</p>',
  translations: { ar: { title: 'معاطف الشتاء' }, ir: {} },
  status: 'draft',
  published_at: null,
  updated_at: '2026-03-01T10:00:00.000Z',
  missing_translations: ['ar', 'ir'],
  ...extra,
});

describe('the blog post editor', () => {
  it('checks a new post with the shared schema, then writes it scheduled with its translations', async () => {
    const api = stubApi({
      'GET /console/me': ok(contentEditor),
      'GET /console/blog-categories': ok({ categories }),
      'POST /console/blog-posts': ok({ post: post({ status: 'scheduled', published_at: '2026-12-01T10:00:00.000Z' }) }, 'Blog post created'),
      'GET /console/blog-posts/9': ok({ post: post({ status: 'scheduled', published_at: '2026-12-01T10:00:00.000Z' }) }),
    });
    renderConsole('/blog/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/blog-posts')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Winter coats');
    await userEvent.type(screen.getByRole('textbox', { name: 'Title in العربية' }), 'معاطف الشتاء');
    await userEvent.type(screen.getByRole('textbox', { name: 'Meta description' }), 'x'.repeat(161));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Store news');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The meta description must not be greater than 160 characters.')).toBeInTheDocument();
    expect(await screen.findByText('The publish time is required to schedule a post.')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Meta description' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Meta description' }), 'How to choose a coat.');
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2026-12-01T10:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await expect.poll(() => api.calls('POST /console/blog-posts')).toHaveLength(1);
    expect(api.calls('POST /console/blog-posts')[0]!.body).toMatchObject({
      title: 'Winter coats',
      meta_description: 'How to choose a coat.',
      category_id: 3,
      status: 'scheduled',
      published_at: new Date('2026-12-01T10:00').toISOString(),
      translations: { ar: { title: 'معاطف الشتاء' } },
    });
    expect(await screen.findByRole('heading', { name: 'Winter coats' })).toBeInTheDocument();
  });

  it('shows the server’s field error under its field, and signs a preview link for a draft', async () => {
    stubApi({
      'GET /console/me': ok(contentEditor),
      'GET /console/blog-categories': ok({ categories }),
      'GET /console/blog-posts/9': ok({ post: post() }),
      'PATCH /console/blog-posts/9': refused(422, 'The slug has already been taken.', { slug: ['The slug has already been taken.'] }),
      'POST /console/blog-posts/9/preview-link': ok({ url: '/blog/winter-coats?preview=abc.def', expires_at: '2026-03-01T11:00:00.000Z' }),
    });
    renderConsole('/blog/9');
    const slug = await screen.findByRole('textbox', { name: 'Slug' });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'spring');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The slug has already been taken.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview link' }));
    expect(await screen.findByRole('link', { name: 'Open the preview' })).toHaveAttribute('href', '/blog/winter-coats?preview=abc.def');
  });
});

describe('the blog posts list', () => {
  it('shows each post’s status and missing translations, and filters on the server', async () => {
    const api = stubApi({
      'GET /console/me': ok(contentEditor),
      'GET /console/blog-posts': ok({ posts: [post(), post({ id: 8, title: 'Opening day', status: 'published', published_at: '2026-02-01T10:00:00.000Z', missing_translations: [] })], next_cursor: null }),
    });
    renderConsole('/blog');
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    await within(table).findByRole('link', { name: 'Winter coats' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Missing: Arabic, Persian');
    expect(rows[2]).toHaveTextContent('Published');
    expect(rows[2]).toHaveTextContent('Complete');

    await userEvent.click(screen.getByRole('tab', { name: 'Scheduled' }));
    await expect.poll(() => api.calls('GET /console/blog-posts').at(-1)!.query).toEqual({ status: 'scheduled' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'coat{Enter}');
    await expect.poll(() => api.calls('GET /console/blog-posts').at(-1)!.query).toEqual({ status: 'scheduled', search: 'coat' });
  });
});
