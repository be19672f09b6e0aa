import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a routed page; browser tests find the page by it (`page-title`). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="h1" data-testid="page-title" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
