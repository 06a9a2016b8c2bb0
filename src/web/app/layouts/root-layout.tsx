import { Outlet } from 'react-router';
import { useSettingsBootstrap } from '../../features/settings/use-settings-bootstrap.ts';

export function RootLayout() {
  useSettingsBootstrap();
  return <Outlet />;
}
