import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/**
 * A page's title with its main action beside it. On a narrow screen the action moves below the
 * title instead of squeezing it: a title may break anywhere (a long domain name must), so in a
 * row that does not wrap a phone split "Servers" in the middle of the word.
 */
export function PageHeader({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
    >
      <PageTitle>{title}</PageTitle>
      {children}
    </Stack>
  );
}
