import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/error-handling';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import type en from './locales/en.json';
import { defaultPageQuery, saveDefaultPage } from './default-page-api';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    'default-page': typeof en;
  }
}

/**
 * The server's default page (spec/000 §7 "Default page") on its overview: what it answers for a
 * host no site has and for its bare IP. "Edit" opens the page's HTML as the server has it; saving
 * is an event (the web server's config checked, the page written, reloaded, fetched back, rolled
 * back when it is not what answers) whose output the dialog follows.
 */
export function DefaultPageCard({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="default-page-card">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('default-page.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('default-page.description')}
          </Typography>
        </Stack>
        <Button variant="outlined" onClick={() => setOpen(true)} data-testid="default-page-edit">
          {t('default-page.edit')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        {open && <DefaultPageEditor serverId={serverId} onClose={() => setOpen(false)} />}
      </Dialog>
    </Paper>
  );
}

function DefaultPageEditor({ serverId, onClose }: { serverId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = useQuery(defaultPageQuery(serverId));
  const [content, setContent] = useState<string | null>(null);
  const [eventId, setEventId] = useState<number | null>(null);
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: defaultPageQuery(serverId).queryKey });
  });
  const save = useMutation({
    mutationFn: (text: string) => saveDefaultPage(serverId, text),
    onSuccess: (id) => {
      runs.track('save', id);
      setEventId(id);
      notifySuccess();
    },
  });
  const text = content ?? page.data?.content ?? '';
  const busy = save.isPending || runs.isRunning('save');
  return (
    <>
      <DialogTitle>{t('default-page.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {page.isPending && <LoadingIndicator />}
          {page.isError && <Alert severity="error">{t('default-page.readFailed')}</Alert>}
          {page.data && (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('default-page.where', { path: page.data.path })}
              </Typography>
              {!page.data.exists && <Alert severity="info">{t('default-page.missing')}</Alert>}
              {page.data.web_server === null && (
                <Alert severity="warning">{t('default-page.noWebServer')}</Alert>
              )}
              <LazyCodeEditor
                value={text}
                mode="html"
                height="45vh"
                onChange={setContent}
                testId="default-page-editor"
                ariaLabel={t('default-page.title')}
              />
            </>
          )}
          {eventId !== null && (
            <LiveEventOutput
              eventId={eventId}
              title={t('default-page.output')}
              titleFromEvent
              testId="default-page-output"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('default-page.close')}</Button>
        <Button
          variant="contained"
          loading={busy}
          disabled={!page.data || text.length === 0}
          onClick={() => save.mutate(text)}
          data-testid="default-page-save"
        >
          {t('default-page.save')}
        </Button>
      </DialogActions>
    </>
  );
}
