import { Link, Route, Routes } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { BannerEditorPage } from './banner-editor-page.tsx';
import { BannersPage } from './banners-page.tsx';
import { ContentPageEditor } from './content-page-editor.tsx';
import { ContentPagesPage } from './content-pages-page.tsx';
import { FaqPage } from './faq-page.tsx';
import { HomeLayoutPage } from './home-layout-page.tsx';

/** The hub's entries: each kind of the store's content with its own screens. */
function ContentHub() {
  const { t } = useTranslation();
  const entries = [
    { to: '/content/pages', title: t('Pages'), text: t('Terms, privacy, about and your own pages, and their place in the footer.') },
    { to: '/content/faq', title: t('FAQ'), text: t('The questions on the support page, by category and in your order.') },
    { to: '/content/banners', title: t('Banners'), text: t('The pictures at the top of the home page, with their links and dates, in your order.') },
    { to: '/content/home', title: t('Home page'), text: t('The home page’s sections and their order, previewed before you publish them.') },
  ];
  return (
    <PageFrame title={t('Content')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700">
              <span className="block font-semibold text-primary-800">{entry.title}</span>
              <span className="mt-1 block text-sm text-slate-700">{entry.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

/** `/console/content/*`: the hub, the pages list, a page's editor, the FAQ, the home banners and the home page's sections. */
export function ContentSection() {
  return (
    <Routes>
      <Route index element={<ContentHub />} />
      <Route path="pages" element={<ContentPagesPage />} />
      <Route path="pages/new" element={<ContentPageEditor />} />
      <Route path="pages/:id" element={<ContentPageEditor />} />
      <Route path="faq" element={<FaqPage />} />
      <Route path="banners" element={<BannersPage />} />
      <Route path="banners/new" element={<BannerEditorPage />} />
      <Route path="banners/:id" element={<BannerEditorPage />} />
      <Route path="home" element={<HomeLayoutPage />} />
    </Routes>
  );
}
