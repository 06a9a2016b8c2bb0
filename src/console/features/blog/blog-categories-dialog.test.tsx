// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleBlogCategory } from '../../../shared/blog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const category = (id: number, name: string, extra: Partial<ConsoleBlogCategory> = {}): ConsoleBlogCategory => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  translations: {},
  post_count: 0,
  missing_translations: [],
  ...extra,
});

async function openCategories() {
  renderConsole('/blog');
  await userEvent.click(await screen.findByRole('button', { name: 'Categories' }));
  const dialog = await screen.findByRole('dialog', { name: 'Blog categories' });
  await within(dialog).findByRole('button', { name: 'Rename Store news' });
  return dialog;
}

describe('the blog categories dialog', () => {
  it('shows each category’s missing translations and moves one up, sending the whole new order', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/blog-posts': ok({ posts: [], next_cursor: null }),
      'GET /console/blog-categories': ok({ categories: [category(3, 'Guides', { missing_translations: ['ar', 'ir'] }), category(5, 'Store news', { post_count: 2 })] }),
      'POST /console/blog-categories/reorder': ok({ categories: [] }, 'Blog categories reordered'),
    });
    const dialog = await openCategories();
    const [guides, news] = within(dialog).getAllByRole('listitem');
    expect(guides).toHaveTextContent('Missing: Arabic, Persian');
    expect(news).toHaveTextContent('Complete');
    expect(within(dialog).getByRole('button', { name: 'Move down Store news' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move up Store news' }));
    expect(await screen.findByText('Blog categories reordered')).toBeInTheDocument();
    expect(api.calls('POST /console/blog-categories/reorder')[0]!.body).toEqual({ ids: [5, 3] });
  });

  it('asks before deleting a category, and shows why the store refuses one that still has posts', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/blog-posts': ok({ posts: [], next_cursor: null }),
      'GET /console/blog-categories': ok({ categories: [category(5, 'Store news', { post_count: 2 })] }),
      'DELETE /console/blog-categories/5': refused(409, 'This category still has posts; move them first.'),
    });
    const dialog = await openCategories();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Store news' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Store news' });
    expect(confirm).toHaveTextContent('A category with posts cannot be deleted: move its posts first.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This category still has posts; move them first.')).toBeInTheDocument();
    expect(api.calls('DELETE /console/blog-categories/5')).toHaveLength(1);
  });
});
