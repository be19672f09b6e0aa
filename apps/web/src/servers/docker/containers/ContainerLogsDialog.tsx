import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  containerLogsQuerySchema,
  LOG_TAIL_DEFAULT,
  LOG_TAIL_MAX,
  type Container,
} from '@hostdeck/contracts/docker-containers';
import { logsUrl, MAX_LOG_LINES, useContainerLogs } from './containers-api';

/** Options as typed, applied after a pause in typing (each change opens a new stream). */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A container's log, live: the last N lines (since a time), then new ones while following, only
 * those containing the search (filtered by the panel on the stream). The view keeps the last
 * MAX_LOG_LINES lines; closing it closes the stream on the server.
 */
export function ContainerLogsDialog({
  serverId,
  container,
  onClose,
}: {
  serverId: number;
  container: Container | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tail, setTail] = useState(String(LOG_TAIL_DEFAULT));
  const [follow, setFollow] = useState(true);
  const [since, setSince] = useState('');
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  const options = useDebounced({ tail, since, search }, 400);

  const query = {
    tail: options.tail === '' ? LOG_TAIL_DEFAULT : Number(options.tail),
    follow,
    // datetime-local has no zone: it is the browser's local time.
    ...(options.since ? { since: new Date(options.since).toISOString() } : {}),
    ...(options.search ? { search: options.search } : {}),
  };
  const valid = containerLogsQuerySchema.safeParse(query).success;
  const url = useMemo(
    () => (container && valid ? `${logsUrl(serverId, container.id, query)}#${attempt}` : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query's parts are the dependencies
    [container, valid, serverId, query.tail, query.follow, query.since, query.search, attempt],
  );
  const logs = useContainerLogs(url);

  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (follow) bottom.current?.scrollIntoView({ block: 'end' });
  }, [logs.items, follow]);

  return (
    <Dialog open={container !== null} onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('docker.containers.logs.title', { name: container?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { md: 'center' } }}
        >
          <TextField
            size="small"
            type="number"
            label={t('docker.containers.logs.tail')}
            value={tail}
            onChange={(event) => setTail(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: LOG_TAIL_MAX, 'data-testid': 'docker-logs-tail' } }}
            error={!valid && tail !== ''}
            sx={{ width: 130 }}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={t('docker.containers.logs.since')}
            value={since}
            onChange={(event) => setSince(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'docker-logs-since' } }}
          />
          <TextField
            size="small"
            label={t('docker.containers.logs.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'docker-logs-search' } }}
            sx={{ flexGrow: 1 }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={follow}
                onChange={(event) => setFollow(event.target.checked)}
                data-testid="docker-logs-follow"
              />
            }
            label={t('docker.containers.logs.follow')}
          />
          <Chip
            size="small"
            color={logs.state === 'open' ? 'success' : logs.state === 'error' ? 'error' : 'default'}
            label={t(`docker.containers.streamStates.${logs.state}`)}
            data-testid="docker-logs-state"
          />
        </Stack>
        {logs.state === 'error' && (
          <Alert
            severity="error"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => setAttempt((value) => value + 1)}>
                {t('docker.containers.reconnect')}
              </Button>
            }
          >
            {logs.message ?? t('docker.containers.streamFailed')}
          </Alert>
        )}
        <Box
          data-testid="docker-logs-output"
          sx={{
            fontFamily: 'monospace',
            fontSize: 12,
            bgcolor: 'grey.900',
            color: 'grey.100',
            p: 1,
            height: '60vh',
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {logs.items.length === 0 && logs.state !== 'connecting' && (
            <Box sx={{ color: 'grey.500' }}>{t('docker.containers.logs.empty')}</Box>
          )}
          {logs.items.map((line, index) => (
            <Box
              key={index}
              data-testid="docker-logs-line"
              sx={{ color: line.stream === 'stderr' ? 'error.light' : 'inherit' }}
            >
              {line.time && (
                <Box component="span" sx={{ color: 'grey.500', mr: 1 }}>
                  {line.time.slice(0, 23)}
                </Box>
              )}
              {line.text}
            </Box>
          ))}
          <div ref={bottom} />
        </Box>
        {logs.items.length >= MAX_LOG_LINES && (
          <Box sx={{ mt: 1, color: 'text.secondary', fontSize: 12 }}>
            {t('docker.containers.logs.capped', { count: MAX_LOG_LINES })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('docker.containers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
