import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScript, Event } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { SearchField } from '../../components/SearchField';
import { PageTitle } from '../../pages/PageTitle';
import { ScriptFormDialog } from '../../terminal/ScriptFormDialog';
import { deleteScript, SCRIPTS_QUERY_KEY } from '../../terminal/terminal-api';
import { useDebouncedValue } from '../../terminal/use-debounced-value';
import { registerScriptsCatalogues } from './catalogue';
import { RunScriptDialog } from './RunScriptDialog';
import { ScriptList } from './ScriptList';
import { scriptPageQuery } from './scripts-api';

registerScriptsCatalogues();

/**
 * `/user/scripts` (`mine`: the caller's scripts, created, changed, deleted, with their review
 * state) and `/scripts` (`shared`: the marketplace of approved scripts), both searched and paged;
 * either runs a script on chosen servers, its events' output shown live below (docs/scripts.md).
 */
function ScriptsPage({ list }: { list: 'mine' | 'shared' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const scripts = useQuery(scriptPageQuery(list, debounced, page));
  const [editing, setEditing] = useState<CustomScript | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomScript | null>(null);
  const [running, setRunning] = useState<CustomScript | null>(null);
  const [started, setStarted] = useState<Event[]>([]);
  const reload = () => queryClient.invalidateQueries({ queryKey: SCRIPTS_QUERY_KEY });
  const mine = list === 'mine';

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t(mine ? 'pageTitles.userScripts' : 'pageTitles.scripts')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(mine ? 'customScripts.intro' : 'customScripts.marketplaceIntro')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <SearchField
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
          label={t('customScripts.search')}
          testId="scripts-search"
        />
        {mine ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="scripts-create"
          >
            {t('customScripts.create')}
          </Button>
        ) : null}
      </Stack>
      {scripts.isPending ? (
        <LoadingIndicator />
      ) : scripts.isError ? (
        <LoadFailure
          title={t('customScripts.loadFailed')}
          message={scripts.error.message}
          onRetry={() => void scripts.refetch()}
        />
      ) : (
        <ScriptList
          page={scripts.data}
          showReview={mine}
          emptyText={t(debounced ? 'customScripts.noResults' : 'customScripts.empty')}
          onPage={setPage}
          actions={(script) => (
            <>
              <Button size="small" onClick={() => setRunning(script)} data-testid={`script-run-${script.id}`}>
                {t('customScripts.run')}
              </Button>
              {mine ? (
                <>
                  <Button
                    size="small"
                    onClick={() => setEditing(script)}
                    data-testid={`script-edit-${script.id}`}
                  >
                    {t('customScripts.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(script)}
                    data-testid={`script-delete-${script.id}`}
                  >
                    {t('customScripts.delete')}
                  </Button>
                </>
              ) : null}
            </>
          )}
        />
      )}
      {started.map((event) => (
        <LiveEventOutput
          key={event.id}
          eventId={event.id}
          title={t('customScripts.runDialog.output', {
            server: event.server_name ?? String(event.server_id),
          })}
          testId={`script-output-${event.server_id}`}
        />
      ))}
      {editing !== null ? (
        <ScriptFormDialog
          script={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      ) : null}
      {running !== null ? (
        <RunScriptDialog
          list={list}
          script={running}
          onClose={() => setRunning(null)}
          onStarted={(events) => {
            setRunning(null);
            setStarted(events);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('customScripts.deleteTitle')}
        message={t('customScripts.deleteMessage', { memo: deleting?.memo ?? '' })}
        confirmLabel={t('customScripts.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await deleteScript(deleting!.id);
          notifySuccess(t('customScripts.deleted'));
          await reload();
        }}
      />
    </Stack>
  );
}

export function UserScriptsPage() {
  return <ScriptsPage list="mine" />;
}

export function MarketplacePage() {
  return <ScriptsPage list="shared" />;
}
