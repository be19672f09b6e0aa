import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DeploySettings } from '@hostdeck/contracts';
import { deploySettingsKey, deploySettingsQuery } from './deployment-api';

/** A site's deployment settings, and `save` for a call that answers the new settings. */
export function useDeploySettings(siteId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...deploySettingsQuery(siteId), enabled: siteId > 0 });
  const save = useCallback(
    async (call: () => Promise<DeploySettings>): Promise<DeploySettings> => {
      const settings = await call();
      queryClient.setQueryData(deploySettingsKey(siteId), settings);
      return settings;
    },
    [queryClient, siteId],
  );
  return { settings: query.data, query, save };
}
export type DeploySettingsState = ReturnType<typeof useDeploySettings>;
