import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteCommandTextSchema } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { fieldErrorsOf } from '../../api/form-errors';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useListPage } from '../../pages/use-list-page';
import { schemaMessage } from '../../api/field-messages';
import { runSiteCommand } from '../deployments/deployment-api';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { useRouteSite } from '../use-site';
import { CommandHistory } from './CommandHistory';

/**
 * `/sites/{site}/command` (sites.commands): runs a command as the site's user in its project root
 * ({home}/current once the site deploys releases, else {home}), its output live below, and the
 * history of what ran, each with its output and a re-run.
 */
export function SiteCommandsPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const queryClient = useQueryClient();
  const listPage = useListPage();
  const [command, setCommand] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shownEventId, setShownEventId] = useState<number | null>(null);
  const siteId = site?.id ?? 0;
  // A failure is reported by the query client's mutation cache (handleApiError); the command's
  // field error goes under the input.
  const runCommand = useMutation({
    mutationFn: (text: string) => runSiteCommand(siteId, text),
    onSuccess: async (started) => {
      setShownEventId(started.event.id);
      listPage.setPage(1);
      await queryClient.invalidateQueries({ queryKey: ['commands', siteId] });
      notifySuccess();
    },
    onError: (error) => setProblem(fieldErrorsOf(error).command ?? null),
  });
  const running = runCommand.isPending;

  if (!site) return <LoadingIndicator />;
  const directory = site.current_release ? `${site.home}/current` : site.home;

  function run(text: string) {
    const message = schemaMessage(siteCommandTextSchema, text);
    if (message) {
      setProblem('key' in message ? t(message.key) : message.text);
      return;
    }
    setProblem(null);
    runCommand.mutate(text);
  }

  return (
    <Stack spacing={3} data-testid="site-commands-page">
      <Stack spacing={0.5}>
        <PageTitle>{t('siteCommands.title')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {site.display_name}
        </Typography>
      </Stack>
      {site.site_id !== null && <Alert severity="info">{t('siteCommands.alias')}</Alert>}
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            run(command);
          }}
        >
          <TextField
            name="command"
            label={t('siteCommands.command')}
            placeholder="php artisan migrate --force"
            multiline
            minRows={2}
            fullWidth
            value={command}
            onChange={(event) => setCommand(event.target.value)}
            onKeyDown={(event) => {
              // Ctrl/Cmd+Enter runs; Enter alone adds a line.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                run(command);
              }
            }}
            error={problem !== null}
            helperText={problem ?? t('siteCommands.help', { user: site.linux_user ?? '', directory })}
            slotProps={{
              htmlInput: {
                'data-testid': 'command-input',
                spellCheck: false,
                style: { fontFamily: 'monospace' },
              },
            }}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PlayArrowIcon />}
              loading={running}
              data-testid="command-run"
            >
              {t('siteCommands.run')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {shownEventId !== null && (
        <LiveEventOutput eventId={shownEventId} title={t('siteCommands.output')} testId="command-output" />
      )}
      <CommandHistory
        siteId={siteId}
        listPage={listPage}
        shownEventId={shownEventId}
        busy={running}
        onShowOutput={setShownEventId}
        onRerun={(previous) => {
          setCommand(previous.command);
          run(previous.command);
        }}
      />
    </Stack>
  );
}
