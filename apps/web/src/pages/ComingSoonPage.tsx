import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';
import type { PageTitleKey } from './page-titles';

/**
 * A route of spec/000 §2 whose screen a later issue builds. It says so plainly, under the page's
 * own title, instead of showing made-up data.
 */
export function ComingSoonPage({ titleKey, context }: { titleKey: PageTitleKey; context?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t(titleKey)}</PageTitle>
        {context}
      </Stack>
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="coming-soon">
        <ConstructionOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('comingSoon.text')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('comingSoon.hint')}
        </Typography>
      </Paper>
    </Stack>
  );
}
