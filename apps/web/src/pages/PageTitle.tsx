import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/**
 * The heading of a routed page; browser tests find the page by it (`page-title`). It also names
 * the browser tab ("example.com · Sites · HostDeck").
 */
export function PageTitle({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(heading);
  return (
    <Typography
      ref={heading}
      variant="h4"
      component="h1"
      data-testid="page-title"
      sx={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}
