import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  /** A failed list falls back to empty (spec/000 §8); it says so and offers to load again. */
  onRetry?: () => void;
  testId: string;
}

/** What a list shows when it has no rows. */
export function EmptyState({ icon, title, hint, onRetry, testId }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid={testId}>
      {icon}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      )}
      {onRetry && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Paper>
  );
}
