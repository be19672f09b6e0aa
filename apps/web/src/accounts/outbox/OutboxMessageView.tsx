import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@hostdeck/contracts';
import { formatDateTime } from '../format';
import { splitLinks } from './linkify';

/**
 * One outbox message: the text body with its links clickable, and the HTML body in an iframe with
 * an empty `sandbox` (no script, no forms, no same-origin access), so a mail cannot act as the page.
 */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="outbox-detail">
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {message.subject}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('outbox.to', { to: message.to })} · {formatDateTime(message.created_at, i18n.language)}
        </Typography>
        <Divider />
        <Typography variant="overline">{t('outbox.text')}</Typography>
        <Box
          component="pre"
          data-testid="outbox-body"
          sx={{
            m: 0,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: 'monospace',
            fontSize: 14,
          }}
        >
          {splitLinks(message.text).map((part, index) =>
            part.kind === 'link' ? (
              <Link key={index} href={part.href} rel="noreferrer">
                {part.text}
              </Link>
            ) : (
              part.text
            ),
          )}
        </Box>
        {message.html ? (
          <>
            <Typography variant="overline">{t('outbox.html')}</Typography>
            <Box
              component="iframe"
              title={t('outbox.htmlTitle', { subject: message.subject })}
              sandbox=""
              srcDoc={message.html}
              data-testid="outbox-html"
              sx={{
                width: '100%',
                height: 420,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'common.white',
              }}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
