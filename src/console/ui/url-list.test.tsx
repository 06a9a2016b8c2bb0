// @vitest-environment happy-dom
import '../../client/test/component-test-setup.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager, useUrlList } from './url-list.tsx';

/** Pages "a" (first) → "b" → "c" → the end, each naming the next by its cursor. */
const nextOf: Record<string, string | null> = { a: 'b', b: 'c', c: null };

function Letters() {
  const { filters, setFilters, page } = useUrlList((params) => ({ search: params.get('search') ?? undefined }));
  const shown = page.cursor ?? 'a';
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <p>Page {shown}</p>
      <output aria-label="Address">{search}</output>
      <button type="button" onClick={() => setFilters({ search: filters.search ? undefined : 'lamp' })}>
        Filter
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <Pager page={page} list={{ data: { next_cursor: nextOf[shown]! }, isPlaceholderData: false }} />
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Letters />
    </MemoryRouter>,
  );
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('a console list kept in the address', () => {
  it('moves page by page with the cursor in the address, keeping the filters, and comes back with Previous and with Back', async () => {
    renderAt('/letters?search=lamp');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page c')).toBeInTheDocument();
    expect(address()).toBe('?search=lamp&cursor=c');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect([screen.getByText('Page b'), address()]).toEqual([expect.anything(), '?search=lamp&cursor=b']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Page c')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect([screen.getByText('Page a'), address()]).toEqual([expect.anything(), '?search=lamp']);
  });

  it('starts again at the first page when a filter changes', async () => {
    renderAt('/letters?cursor=b');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect([screen.getByText('Page a'), address()]).toEqual([expect.anything(), '?search=lamp']);
  });

  it('offers the first page from a page opened without the ones before it (a bookmark)', async () => {
    renderAt('/letters?cursor=c');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('Page a')).toBeInTheDocument();
  });

  it('shows no pager when the list fits one page', () => {
    render(
      <MemoryRouter initialEntries={['/letters']}>
        <Pager page={{ cursor: undefined, trailLost: false, next: () => undefined, previous: () => undefined }} list={{ data: { next_cursor: null }, isPlaceholderData: false }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
