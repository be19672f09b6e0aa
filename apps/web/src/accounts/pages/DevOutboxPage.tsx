import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { apiGet } from '../../api/client';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { describeActionFailure, useFailureTexts } from '../../api/form-errors';
import { formatDateTime } from '../format';
import { OutboxMessageView } from '../outbox/OutboxMessageView';
import { sortNewestFirst } from '../outbox/sort-outbox';

/** New mail shows up without a reload while a flow is being tried out in another tab. */
const REFRESH_INTERVAL_MS = 5000;

/**
 * `/dev/outbox`: mail the panel kept while no SMTP server is configured. In development it lists
 * all of it; otherwise a signed-in user sees their own (401 before sign-in). With SMTP configured
 * the API answers 404 and the page says so.
 */
export function DevOutboxPage() {
  const { t, i18n } = useTranslation();
  const failureTexts = useFailureTexts();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: () => apiGet('devOutbox'),
    select: (answer) => sortNewestFirst(answer.data),
    // Shown on the page: a 404 (production, or SMTP configured) is an answer, not a failure.
    meta: { handleErrors: false },
    refetchInterval: (query) => (query.state.error ? false : REFRESH_INTERVAL_MS),
  });
  const messages = outbox.data ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? null;

  if (outbox.isPending) return <LoadingIndicator />;

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {t('outbox.title')}
        </Typography>
        <Button
          startIcon={<RefreshIcon />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching}
          data-testid="outbox-refresh"
        >
          {t('outbox.refresh')}
        </Button>
      </Stack>
      {outbox.isError ? (
        isApiError(outbox.error) && (outbox.error.status === 404 || outbox.error.status === 401) ? (
          <Alert severity="info" data-testid="outbox-unavailable">
            {outbox.error.status === 404 ? t('outbox.unavailable') : t('outbox.signInToRead')}
          </Alert>
        ) : (
          <LoadFailure
            testId="outbox-error"
            title={t('outbox.loadFailed')}
            message={describeActionFailure(outbox.error, failureTexts)}
            onRetry={() => void outbox.refetch()}
            retrying={outbox.isFetching}
          />
        )
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' } }}
        >
          <Paper variant="outlined" sx={{ alignSelf: 'start' }}>
            <List disablePadding data-testid="outbox-list">
              {messages.length === 0 ? (
                <Typography component="li" sx={{ p: 2, color: 'text.secondary' }} data-testid="outbox-empty">
                  {t('outbox.empty')}
                </Typography>
              ) : (
                messages.map((message) => (
                  <ListItemButton
                    key={message.id}
                    component="li"
                    divider
                    selected={message.id === selectedId}
                    onClick={() => setSelectedId(message.id)}
                    data-testid="outbox-message"
                  >
                    <ListItemText
                      primary={message.subject}
                      secondary={`${message.to} · ${formatDateTime(message.created_at, i18n.language)}`}
                      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    />
                  </ListItemButton>
                ))
              )}
            </List>
          </Paper>
          {selected ? (
            <OutboxMessageView message={selected} />
          ) : (
            <Typography sx={{ color: 'text.secondary', p: 2 }}>{t('outbox.select')}</Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
