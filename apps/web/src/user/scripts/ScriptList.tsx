import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScript, Paginated } from '@hostdeck/contracts';

const REVIEW_COLORS = {
  private: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;

/** A page of scripts as cards: memo, author or review state, content, and the row's actions. */
export function ScriptList(props: {
  page: Paginated<CustomScript>;
  showReview: boolean;
  emptyText: string;
  onPage(page: number): void;
  actions(script: CustomScript): ReactNode;
}) {
  const { t } = useTranslation();
  const { data, meta } = props.page;
  if (data.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{props.emptyText}</Typography>;
  return (
    <Stack spacing={2}>
      {data.map((script) => (
        <Paper
          key={script.id}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid={`script-${script.id}`}
          data-memo={script.memo}
        >
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" sx={{ flex: 1 }}>
                {script.memo}
              </Typography>
              {props.showReview ? (
                <Chip
                  size="small"
                  color={REVIEW_COLORS[script.review]}
                  label={t(`customScripts.review.${script.review}`)}
                  data-testid={`script-review-${script.id}`}
                />
              ) : script.user ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('customScripts.by', { name: script.user.name })}
                </Typography>
              ) : null}
              {props.actions(script)}
            </Stack>
            {script.review === 'rejected' && script.rejection_reason ? (
              <Alert severity="error" data-testid={`script-rejection-${script.id}`}>
                {t('customScripts.rejectedBecause', { reason: script.rejection_reason })}
              </Alert>
            ) : null}
            <Typography
              component="pre"
              variant="body2"
              sx={{
                m: 0,
                p: 1,
                bgcolor: 'action.hover',
                overflowX: 'auto',
                fontFamily: 'monospace',
                maxHeight: 200,
              }}
            >
              {script.content}
            </Typography>
          </Stack>
        </Paper>
      ))}
      {meta.last_page > 1 ? (
        <Pagination
          count={meta.last_page}
          page={meta.current_page}
          onChange={(_event, page) => props.onPage(page)}
          data-testid="scripts-pagination"
        />
      ) : null}
    </Stack>
  );
}
