import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRAMMAR_MESSAGES, siteUserSchema, type SiteDetail } from '@hostdeck/contracts';
import { fieldErrorsOf } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { GeneratedPasswordField } from '../create/GeneratedPasswordField';
import { setSiteOwner } from '../site-api';
import { siteMessageText, siteSchemaMessage } from '../site-messages';
import type { SiteActions } from '../use-site-actions';
import { Fact, SiteCard } from './SiteCard';

/** The site's Linux user and home (spec/000 §9 /home/{linux_user}/{site}); PUT owner moves it. */
export function SiteOwnerCard({ site, actions }: { site: SiteDetail; actions: SiteActions }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const busy = actions.isRunning('owner');
  return (
    <SiteCard title={t('sites.show.owner.title')} testId="site-owner-card">
      <Stack spacing={1}>
        <Fact label={t('sites.show.owner.user')} value={site.linux_user ?? '—'} testId="site-owner" />
        <Fact
          label={t('sites.show.owner.isolation')}
          value={site.isolated ? t('sites.show.owner.isolated') : t('sites.show.owner.shared')}
        />
        <Fact label={t('sites.show.owner.home')} value={site.home} testId="site-home" />
      </Stack>
      <Stack direction="row">
        <Button
          variant="outlined"
          startIcon={<ManageAccountsIcon />}
          loading={busy}
          loadingPosition="start"
          onClick={() => setOpen(true)}
          data-testid="site-owner-change"
        >
          {t('sites.show.owner.change')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        {open && (
          <OwnerForm
            site={site}
            onClose={() => setOpen(false)}
            onSubmit={(user, password) =>
              actions.startOrThrow('owner', () => setSiteOwner(site.id, user, password))
            }
          />
        )}
      </Dialog>
    </SiteCard>
  );
}

function OwnerForm({
  site,
  onClose,
  onSubmit,
}: {
  site: SiteDetail;
  onClose: () => void;
  onSubmit: (user: string, password: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ linux_user?: string; password?: string }>({});
  // A failure is reported by the query client's mutation cache (handleApiError).
  const change = useMutation({
    mutationFn: (request: { user: string; password: string | undefined }) =>
      onSubmit(request.user, request.password),
    onSuccess: () => onClose(),
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setErrors({ linux_user: fields.linux_user, password: fields.password });
    },
  });
  const busy = change.isPending;

  function submit() {
    const special = user === 'root' || user === site.server.default_linux_user;
    const problem = special
      ? siteMessageText(t, GRAMMAR_MESSAGES.specialUser)
      : siteSchemaMessage(t, siteUserSchema, user);
    if (problem) {
      setErrors({ linux_user: problem });
      return;
    }
    change.mutate({ user, password: password === '' ? undefined : password });
  }

  return (
    <ActionDialogFrame
      form
      title={t('sites.show.owner.change')}
      submitLabel={t('sites.show.save')}
      submitTestId="site-owner-submit"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('sites.show.owner.changeHint', { name: site.name })}</DialogContentText>
        <TextField
          name="linux_user"
          label={t('sites.create.username')}
          value={user}
          onChange={(event) => {
            setUser(event.target.value.trim());
            setErrors({});
          }}
          error={errors.linux_user !== undefined}
          helperText={errors.linux_user}
          autoComplete="off"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'site-owner-user', spellCheck: false } }}
        />
        <GeneratedPasswordField
          value={password}
          onChange={setPassword}
          error={errors.password}
          disabled={busy}
          testId="site-owner-password"
          helperText={t('sites.show.owner.passwordHint')}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
