import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AppInfo } from '@hostdeck/contracts';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { useCurrentUser } from '../session/use-current-user';
import { usePersistPreferences } from '../shell/user-preferences';
import type { FileSettings } from './dialogs/types';
import { DEFAULT_FILE_SETTINGS } from './file-rules';

/**
 * File settings (spec/001 §3) persisted per user in the preferences (PUT api/user/preferences,
 * key `file_settings`). The change shows at once; the cached user follows so another file manager
 * window opened later starts from it.
 */
export function useFileSettings(): [FileSettings, (next: FileSettings) => void] {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const persist = usePersistPreferences();
  const [settings, setSettings] = useState<FileSettings>(
    () => user?.preferences.file_settings ?? DEFAULT_FILE_SETTINGS,
  );
  const change = useCallback(
    (next: FileSettings) => {
      setSettings(next);
      queryClient.setQueryData<AppInfo>(APP_INFO_QUERY_KEY, (info) =>
        info?.user
          ? {
              ...info,
              user: { ...info.user, preferences: { ...info.user.preferences, file_settings: next } },
            }
          : info,
      );
      persist({ file_settings: next });
    },
    [persist, queryClient],
  );
  return [settings, change];
}
