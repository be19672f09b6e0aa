import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  SITE_LOG_LINES_DEFAULT,
  SITE_LOG_LINE_OPTIONS,
  SITE_LOG_MAX_BYTES,
  type SiteLogKind,
  type SiteLogLines,
} from '@hostdeck/contracts';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { formatBytes } from '../../format/format';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { parseLinesParam } from './log-lines';
import { siteLogQuery } from './webserver-api';
import { LoadFailure } from '../../components/LoadFailure';

/**
 * The error-log and access-log pages: the end of the log as read from the server, with the Lines
 * selector (100, 300, 500, 1000, All; kept in the URL) and a refresh button. The text is shown
 * read-only, scrolled to its end, where the newest lines are.
 */
export function LogSection({ siteId, kind }: { siteId: number; kind: SiteLogKind }) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const lines = parseLinesParam(searchParams.get('lines'));
  const log = useQuery({ ...siteLogQuery(siteId, kind, lines), placeholderData: keepPreviousData });
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const chooseLines = (value: SiteLogLines) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === SITE_LOG_LINES_DEFAULT) next.delete('lines');
        else next.set('lines', String(value));
        return next;
      },
      { replace: true },
    );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 120 }}>
          <InputLabel id={`log-lines-${kind}`}>{t('siteWebserver.lines')}</InputLabel>
          <Select
            labelId={`log-lines-${kind}`}
            label={t('siteWebserver.lines')}
            value={lines}
            onChange={(event) => chooseLines(Number(event.target.value) as SiteLogLines)}
            data-testid="log-lines"
          >
            {SITE_LOG_LINE_OPTIONS.map((option) => (
              <MenuItem key={option} value={option} data-testid={`log-lines-${option}`}>
                {option === -1 ? t('siteWebserver.allLines') : option}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          loading={log.isFetching}
          onClick={() => void log.refetch()}
          data-testid="log-refresh"
        >
          {t('siteWebserver.refresh')}
        </Button>
        {log.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {t('siteWebserver.logSize', { path: log.data.path, size: size(log.data.size) })}
          </Typography>
        )}
      </Stack>
      {log.isPending ? (
        <LoadingIndicator />
      ) : log.isError ? (
        <LoadFailure
          testId="webserver-log-failure"
          title={t('siteWebserver.loadFailed')}
          message={log.error.message}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      ) : (
        <>
          {log.data.truncated && (
            <Alert severity="info" data-testid="log-truncated">
              {t('siteWebserver.logTruncated', {
                size: size(log.data.size),
                shown: size(SITE_LOG_MAX_BYTES),
              })}
            </Alert>
          )}
          {log.data.content === '' ? (
            <Alert severity="info" data-testid="log-empty">
              {t('siteWebserver.logEmpty')}
            </Alert>
          ) : (
            <LazyCodeEditor
              value={log.data.content}
              mode="text"
              readOnly
              scrollToEnd
              height="65vh"
              testId="log-content"
              ariaLabel={t(`siteWebserver.sections.${kind === 'error' ? 'errorLog' : 'accessLog'}`)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
