import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsQueries } from './settings-queries.ts';
import { useSettings } from './settings-store.ts';
import { applyThemeColors } from './theme.ts';

/** Loads /master and /categories into the settings store (spec §4 settings-load rules). */
export function useSettingsBootstrap() {
  const master = useQuery(settingsQueries.master());
  const categories = useQuery(settingsQueries.categories());

  useEffect(() => {
    if (!master.data) return;
    const { reload } = useSettings.getState().applyMaster(master.data);
    if (reload) {
      window.location.reload();
      return;
    }
    applyThemeColors(master.data.theme_colors);
  }, [master.data]);

  useEffect(() => {
    if (categories.data) useSettings.getState().setCategories(categories.data);
  }, [categories.data]);
}
