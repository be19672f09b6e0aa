import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScript } from '@hostdeck/contracts';
import { LoadFailure } from '../components/LoadFailure';
import { showSnackbar } from '../feedback/snackbar-store';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ScriptCard } from './ScriptCard';
import { ScriptFormDialog } from './ScriptFormDialog';
import { deleteScript, SCRIPTS_QUERY_KEY, scriptsQuery, type ScriptTab } from './terminal-api';
import { useDebouncedValue } from './use-debounced-value';

/** The search waits this long after the last key (spec/001 §9). */
export const SCRIPT_SEARCH_DEBOUNCE_MS = 1000;

/**
 * The custom-script picker (spec/001 §2 Terminal): My Scripts (with new, edit and delete) and
 * Share Scripts (approved scripts of everyone, in pages of 10 with at most 7 page buttons:
 * first, last, the current page and one on each side, and two ellipses).
 */
export function ScriptPicker(props: {
  onClose(): void;
  onPaste(content: string): void;
  onRun(content: string): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ScriptTab>('mine');
  const [search, setSearch] = useState('');
  // The page belongs to one tab and search: another search starts again at page 1.
  const [pageOf, setPageOf] = useState({ key: '', page: 1 });
  const [editing, setEditing] = useState<CustomScript | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomScript | null>(null);
  const debounced = useDebouncedValue(search.trim(), SCRIPT_SEARCH_DEBOUNCE_MS);
  const pageKey = `${tab}|${debounced}`;
  const page = pageOf.key === pageKey ? pageOf.page : 1;
  const setPage = (value: number) => setPageOf({ key: pageKey, page: value });
  const { data, isFetching, isError, error, refetch } = useQuery(
    scriptsQuery(tab, debounced, tab === 'shared' ? page : 1),
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SCRIPTS_QUERY_KEY });

  // A failure is reported by the query client's mutation cache (handleApiError).
  const deletion = useMutation({
    mutationFn: deleteScript,
    onSuccess: () => {
      showSnackbar(t('terminal.scripts.deleted'));
      refresh();
    },
  });
  const remove = async () => {
    if (deleting) await deletion.mutateAsync(deleting.id);
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" data-testid="terminal-script-picker">
      <DialogTitle>{t('terminal.scripts.title')}</DialogTitle>
      <Tabs value={tab} onChange={(_event, value: ScriptTab) => setTab(value)} sx={{ px: 3 }}>
        <Tab value="mine" label={t('terminal.scripts.mine')} data-testid="terminal-scripts-mine" />
        <Tab value="shared" label={t('terminal.scripts.shared')} data-testid="terminal-scripts-shared" />
      </Tabs>
      {isFetching ? (
        <LinearProgress />
      ) : (
        <LinearProgress variant="determinate" value={0} sx={{ opacity: 0 }} />
      )}
      <DialogContent sx={{ minHeight: 320 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 2, pt: 1 }}>
          <TextField
            size="small"
            label={t('terminal.scripts.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'terminal-scripts-search' } }}
            sx={{ flexGrow: 1 }}
          />
          {tab === 'mine' && (
            <Button
              startIcon={<AddIcon />}
              onClick={() => setEditing('new')}
              data-testid="terminal-script-add"
            >
              {t('terminal.scripts.add')}
            </Button>
          )}
        </Stack>
        <Stack spacing={1.5}>
          {isError && (
            <LoadFailure
              testId="terminal-scripts-failure"
              title={t('terminal.scripts.loadFailed')}
              message={error.message}
              onRetry={() => void refetch()}
              retrying={isFetching}
            />
          )}
          {!isError && data?.data.length === 0 && (
            <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
              {t('terminal.scripts.empty')}
            </Typography>
          )}
          {!isError &&
            data?.data.map((script) => (
              <ScriptCard
                key={script.id}
                script={script}
                showAuthor={tab === 'shared'}
                onPaste={props.onPaste}
                onRun={props.onRun}
                {...(tab === 'mine'
                  ? { onEdit: () => setEditing(script), onDelete: () => setDeleting(script) }
                  : {})}
              />
            ))}
        </Stack>
        {tab === 'shared' && data && data.meta.last_page > 1 && (
          <Pagination
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            count={data.meta.last_page}
            page={page}
            siblingCount={1}
            boundaryCount={1}
            onChange={(_event, value) => setPage(value)}
            data-testid="terminal-scripts-pages"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('terminal.scripts.close')}</Button>
      </DialogActions>
      {editing && (
        <ScriptFormDialog
          script={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('terminal.scripts.delete')}
        message={t('terminal.scripts.deleteConfirm', { memo: deleting?.memo ?? '' })}
        confirmLabel={t('terminal.scripts.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Dialog>
  );
}
