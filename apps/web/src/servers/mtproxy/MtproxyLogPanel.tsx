import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useMtproxyLog } from './mtproxy-api';

const LINES = 200;

/** The journal's last lines of mtproxy.service, read when asked for and again on refresh. */
export function MtproxyLogPanel({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const log = useMtproxyLog(serverId, LINES, shown);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('mtproxy.log')}
        </Typography>
        {shown ? (
          <Button
            size="small"
            startIcon={<RefreshIcon />}
            loading={log.isFetching}
            onClick={() => void log.refetch()}
            data-testid="mtproxy-log-refresh"
          >
            {t('mtproxy.refresh')}
          </Button>
        ) : (
          <Button size="small" onClick={() => setShown(true)} data-testid="mtproxy-show-log">
            {t('mtproxy.showLog', { lines: LINES })}
          </Button>
        )}
      </Stack>
      {shown &&
        (log.isPending ? (
          <LoadingIndicator />
        ) : log.isError ? (
          <LoadFailure
            title={t('mtproxy.logFailed')}
            message={log.error.message}
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
            testId="mtproxy-log-failure"
          />
        ) : (
          <Box
            component="pre"
            data-testid="mtproxy-log"
            sx={{
              m: 0,
              p: 1,
              maxHeight: 360,
              overflow: 'auto',
              fontSize: 12,
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {log.data.length === 0 ? t('mtproxy.logEmpty') : log.data.join('\n')}
          </Box>
        ))}
    </Paper>
  );
}
