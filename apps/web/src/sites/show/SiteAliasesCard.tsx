import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteDetail } from '@hostdeck/contracts';
import { fieldErrorsOf } from '../../api/form-errors';
import { routePath } from '../../app/route-names';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { addAliases, normalizeDomain } from '../create/alias-chips';
import { addSiteAlias, deleteSite } from '../site-api';
import type { SiteActions } from '../use-site-actions';
import { SiteCard } from './SiteCard';

/**
 * The site's aliases: each is an alias site (site_id = this site) served by this site's vhost.
 * Adding one (POST alias) or removing it (DELETE the alias site) applies the vhost again.
 */
export function SiteAliasesCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const busy = actions.isRunning('alias');
  // Failures are reported by the query client's mutation cache (handleApiError); the field error
  // of an added alias goes under the input.
  const addAlias = useMutation({
    mutationFn: (candidate: string) => actions.startOrThrow('alias', () => addSiteAlias(site.id, candidate)),
    onSuccess: () => setText(''),
    onError: (failure) => setError(fieldErrorsOf(failure).name ?? null),
  });
  const removeAlias = useMutation({
    mutationFn: (aliasId: number) => actions.startOrThrow('alias', () => deleteSite(aliasId, false)),
  });

  function add() {
    const candidate = normalizeDomain(text);
    const existing = site.aliases.map((alias) => alias.name);
    const problem = addAliases(existing, [candidate], site.name).rejected[0];
    if (candidate === '' || problem) {
      setError(
        problem
          ? t(`sites.create.alias.${problem.problem}`, { value: problem.value })
          : t('validation.required'),
      );
      return;
    }
    addAlias.mutate(candidate);
  }

  return (
    <SiteCard
      title={t('sites.show.aliases.title')}
      description={t('sites.create.aliasesHint')}
      testId="site-aliases-card"
    >
      {site.aliases.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="site-aliases-empty">
          {t('sites.show.aliases.none')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="site-aliases">
          {site.aliases.map((alias) => (
            <ListItem
              key={alias.id}
              disableGutters
              data-testid="site-alias"
              data-alias={alias.name}
              secondaryAction={
                <Tooltip title={t('sites.show.aliases.remove')}>
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('sites.show.aliases.remove')}
                    onClick={() => setRemoving(alias)}
                    disabled={busy}
                    data-testid="site-alias-remove"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={routePath('sites.show', { site: alias.id })}
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {alias.name}
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          name="name"
          size="small"
          label={t('sites.show.aliases.add')}
          placeholder="www.example.com"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? undefined}
          disabled={busy}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'site-alias-input', spellCheck: false } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          loading={busy || addAlias.isPending}
          loadingPosition="start"
          disabled={text.trim() === ''}
          data-testid="site-alias-add"
          sx={{ flexShrink: 0, mt: 0.25 }}
        >
          {t('sites.show.aliases.addButton')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('sites.show.aliases.remove')}
        message={t('sites.show.aliases.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('sites.show.aliases.removeButton')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await removeAlias.mutateAsync(removing.id);
        }}
      />
    </SiteCard>
  );
}
