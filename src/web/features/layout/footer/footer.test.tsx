// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { useSettings } from '../../settings/settings-store.ts';
import { Footer } from './footer.tsx';

describe('the footer’s pages', () => {
  beforeEach(() => {
    useSettings.setState({
      showFooter: true,
      showDownloadApp: false,
      multiVendor: true,
      footerPages: [
        { slug: 'about-us', title: 'Who we are', group: 'company' },
        { slug: 'shipping-and-returns', title: 'Shipping & Returns', group: 'help' },
      ],
    });
  });

  it('links each published page in its column: a standard page at its own path, another at /page/{slug}', () => {
    renderApp(<Footer />);
    expect(screen.getByRole('link', { name: 'Who we are' })).toHaveAttribute('href', '/about-us');
    expect(screen.getByRole('link', { name: 'Shipping & Returns' })).toHaveAttribute('href', '/page/shipping-and-returns');
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
    const help = screen.getByRole('button', { name: 'Help' }).closest('div')!.parentElement!;
    expect(within(help).getByRole('link', { name: 'Shipping & Returns' })).toBeInTheDocument();
  });

  it('has no Help column when no page is placed there', () => {
    useSettings.setState({ footerPages: [{ slug: 'about-us', title: 'About Us', group: 'company' }] });
    renderApp(<Footer />);
    expect(screen.queryByText('Help')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
  });
});
