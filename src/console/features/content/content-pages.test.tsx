// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleContentPage } from '../../../shared/content-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const page = (id: number, slug: string, title: string, extra: Partial<ConsoleContentPage> = {}): ConsoleContentPage => ({
  id,
  slug,
  title,
  content_html: '<p>Hello</p>',
  translations: {},
  is_published: true,
  footer_group: null,
  footer_order: 0,
  standard: false,
  missing_translations: [],
  updated_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

describe('the pages list', () => {
  it('shows each page’s status, footer column and missing translations, and asks the server for the address’s filters', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/content-pages': ok({
        pages: [page(2, 'delivery-times', 'Delivery times', { is_published: false, footer_group: 'help', missing_translations: ['ar', 'ir'] }), page(1, 'about-us', 'About Us', { standard: true, footer_group: 'company' })],
        next_cursor: null,
      }),
    });
    renderConsole('/content/pages?status=draft&search=deli');
    const table = await screen.findByRole('table', { name: 'Pages' });
    await within(table).findByRole('link', { name: 'Delivery times' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('Help');
    expect(rows[1]).toHaveTextContent('Missing: Arabic, Persian');
    expect(rows[2]).toHaveTextContent('Complete');
    expect(api.calls('GET /console/content-pages')[0]!.query).toEqual({ status: 'draft', search: 'deli' });
  });
});

describe('the page editor', () => {
  it('shows the server’s refusal of a slug under the slug field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'POST /console/content-pages': refused(422, 'The slug has already been taken.', { slug: ['The slug has already been taken.'] }),
    });
    renderConsole('/content/pages/new');
    const form = await screen.findByRole('form', { name: 'Page' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save page' }));
    expect(await within(form).findByText('The title field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/content-pages')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Slug'), 'privacy-policy');
    await userEvent.type(within(form).getByLabelText('Title'), 'Privacy again');
    await userEvent.type(within(form).getByLabelText('Title in العربية'), 'الخصوصية');
    await userEvent.click(within(form).getByRole('button', { name: 'Save page' }));
    expect(await within(form).findByText('The slug has already been taken.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/content-pages')[0]!.body).toMatchObject({
      slug: 'privacy-policy',
      title: 'Privacy again',
      translations: { ar: { title: 'الخصوصية' } },
      is_published: false,
      footer_group: null,
    });
  });

  it('keeps a standard page’s address and saves its Arabic title', async () => {
    const about = page(1, 'about-us', 'About Us', { standard: true, footer_group: 'company', footer_order: 1 });
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/content-pages/1': ok({ page: about }),
      'PATCH /console/content-pages/1': ok({ page: { ...about, translations: { ar: { title: 'من نحن' } } } }, 'Page updated'),
    });
    renderConsole('/content/pages/1');
    const form = await screen.findByRole('form', { name: 'Page' });
    expect(within(form).queryByLabelText('Slug')).toBeNull();
    expect(within(form).getByText('/about-us')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Title in العربية'), 'من نحن');
    await userEvent.click(within(form).getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Page updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/content-pages/1')[0]!.body).toMatchObject({ slug: 'about-us', translations: { ar: { title: 'من نحن' } }, footer_group: 'company', footer_order: 1 });
  });
});
