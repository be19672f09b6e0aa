import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { SshSettingsPanel } from './SshSettingsPanel';

// The terminal's code and its English come when its tab shows, as they did on its own page.
const TerminalPage = lazyPage(
  () => import('../../terminal/TerminalPage').then((module) => module.TerminalPage),
  ['terminal'],
);

type SshTab = 'terminal' | 'settings';

/**
 * `/servers/{server}/ssh` (servers.ssh, spec/000 §2): the terminal (first, and the default) and the
 * sshd settings. The tab is kept in the address (`?tab=settings`), so a link can open either.
 */
export function SshPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: SshTab = search.get('tab') === 'settings' ? 'settings' : 'terminal';
  const choose = (next: SshTab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'terminal') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, state: null },
    );
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: SshTab) => choose(next)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        data-testid="ssh-tabs"
      >
        <Tab value="terminal" label={t('ssh.tabs.terminal')} data-testid="ssh-tab-terminal" />
        <Tab value="settings" label={t('ssh.tabs.settings')} data-testid="ssh-tab-settings" />
      </Tabs>
      {tab === 'terminal' ? (
        <Suspense fallback={<LoadingIndicator />}>
          <TerminalPage />
        </Suspense>
      ) : (
        <SshSettingsPanel />
      )}
    </Box>
  );
}
