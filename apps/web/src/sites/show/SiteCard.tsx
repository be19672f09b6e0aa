import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of a site page: a title, an optional line of explanation, then its content. */
export function SiteCard({
  title,
  description,
  action,
  testId,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Something beside the title (a switch, a button). */
  action?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }} data-testid={testId}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** A label and its value, as the cards list facts (owner, home, database). */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', textAlign: 'right' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Stack>
  );
}
