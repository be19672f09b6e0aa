import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppInfo, Preferences, User } from '@hostdeck/contracts';
import { APP_INFO_QUERY_KEY } from '../../api/use-app-info';
import { showSnackbar } from '../../feedback/snackbar-store';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute, type AccountRequestBody } from '../account-api';
import { useAccountMutation } from '../use-account-mutation';
import { SectionCard } from './SectionCard';
import { columnLabelKey, withColumnVisible, withServerListView } from './preferences-update';

/**
 * Preferences kept per user (spec/000 §3). Language and theme live in the top bar; here the
 * server list view and which table columns show. Each change is saved at once.
 */
export function PreferencesSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preferences = user.preferences;
  const saveMutation = useAccountMutation({
    mutationFn: ({ update }: { update: AccountRequestBody<'updatePreferences'>; next: Preferences }) =>
      callAccountRoute('updatePreferences', update),
    // Shown at once; the panel's answer (or a reload after a failure) settles it.
    onMutate: ({ next }) => {
      queryClient.setQueryData<AppInfo>(APP_INFO_QUERY_KEY, (info) =>
        info?.user ? { ...info, user: { ...info.user, preferences: next } } : info,
      );
    },
    onSuccess: () => showSnackbar(t('profile.saved')),
    onFailure: (message) => showSnackbar(message, 'error'),
    onSettled: () => refreshCurrentUser(queryClient),
  });
  const saving = saveMutation.isPending;
  const save = (update: AccountRequestBody<'updatePreferences'>, next: Preferences) =>
    saveMutation.mutate({ update, next });

  const columns = Object.entries(preferences.table_options.columns);

  return (
    <SectionCard
      id="preferences"
      title={t('profile.preferences.title')}
      description={t('profile.preferences.description')}
    >
      <Stack spacing={3}>
        <Stack spacing={1}>
          <FormLabel id="server-list-view-label">{t('profile.preferences.serverListView')}</FormLabel>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={preferences.server_list_view}
            disabled={saving}
            aria-labelledby="server-list-view-label"
            onChange={(_event, view: Preferences['server_list_view'] | null) => {
              if (view === null || view === preferences.server_list_view) return;
              save({ server_list_view: view }, withServerListView(preferences, view));
            }}
          >
            <ToggleButton value="grid" data-testid="preferences-view-grid">
              <GridViewIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
              {t('profile.preferences.grid')}
            </ToggleButton>
            <ToggleButton value="list" data-testid="preferences-view-list">
              <ViewListIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
              {t('profile.preferences.list')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Stack spacing={1}>
          <FormLabel component="legend">{t('profile.preferences.columns')}</FormLabel>
          <FormGroup>
            {columns.map(([key, column]) => {
              const labelKey = columnLabelKey(key);
              return (
                <FormControlLabel
                  key={key}
                  disabled={saving}
                  label={labelKey ? t(labelKey) : column.label}
                  control={
                    <Switch
                      checked={column.visible}
                      onChange={(_event, visible) => {
                        const next = withColumnVisible(preferences, key, visible);
                        save({ table_options: next.table_options }, next);
                      }}
                      slotProps={{ input: { 'data-testid': `preferences-column-${key}` } }}
                    />
                  }
                />
              );
            })}
          </FormGroup>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
