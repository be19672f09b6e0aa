import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  testId: string;
}

/** What a list shows when it has no rows; one that failed to load shows LoadFailure instead. */
export function EmptyState({ icon, title, hint, testId }: EmptyStateProps) {
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
    </Paper>
  );
}
