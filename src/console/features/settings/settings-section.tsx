import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { settingsSections } from './settings-sections.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-primary-700 ${
    isActive ? 'border-primary-700 text-primary-800' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/** `/console/settings/*`: the store's settings, a section at a time, with the sections' nav above them. */
export function SettingsSection() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Settings')}>
      <nav aria-label={t('Settings sections')}>
        <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {settingsSections.map((section) => (
            <li key={section.path}>
              <NavLink to={`/settings/${section.path}`} className={linkClass}>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={settingsSections[0]!.path} replace />} />
        {settingsSections.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
    </PageFrame>
  );
}
