import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AgentChangelogEntry, Event, HotfixItem } from '@hostdeck/contracts';
import { StatusBadge } from '../components/StatusBadge';

/**
 * The body of the hotfix dialog (spec/000 §2): what changed (GET api/agent-changelog, one entry per
 * agent version, its lines as written) and the servers the update runs on, each with the status of
 * its install_agent event once started.
 */
export function HotfixChangeLog({
  entries,
  items,
  started,
}: {
  entries: readonly AgentChangelogEntry[];
  items: readonly HotfixItem[];
  started: readonly Event[];
}) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <Typography data-testid="hotfix-nothing">{t('hotfix.nothing')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Box data-testid="hotfix-changelog">
        <Typography variant="subtitle2" gutterBottom>
          {t('hotfix.changelog')}
        </Typography>
        {entries.map((entry) => (
          <Box key={entry.id} data-testid="hotfix-changelog-entry" sx={{ mb: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.title}
            </Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {entry.content
                .split('\n')
                .filter((line) => line.trim())
                .map((line) => (
                  <Typography component="li" variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2">{t('hotfix.servers')}</Typography>
        <List dense disablePadding data-testid="hotfix-servers">
          {items.map((item) => {
            const event = started.find((candidate) => candidate.server_id === item.server_id);
            return (
              <ListItem
                key={item.server_id}
                disableGutters
                data-testid="hotfix-server"
                secondaryAction={event ? <StatusBadge status={event.status} /> : undefined}
              >
                <ListItemText
                  primary={item.server_name}
                  secondary={t('hotfix.agentVersion', { version: item.agent_version })}
                />
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Stack>
  );
}
