import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { FormAlert } from '../components/FormAlert';
import { useAccountMutation } from '../use-account-mutation';
import {
  PROFILE_PHOTO_ACCEPT,
  checkProfilePhoto,
  profilePhotoMaxMegabytes,
  type PhotoProblem,
} from './photo-check';

const PHOTO_SIZE = 96;

interface PhotoChange {
  kind: 'upload' | 'delete';
  action: () => Promise<unknown>;
  /** The notice once it is done. */
  done: string;
}

/** The profile photo: shown, replaced (checked here first, then by the panel) or removed. */
export function ProfilePhotoField({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const photo = useAccountMutation({
    mutationFn: async ({ action }: PhotoChange) => {
      await action();
      await refreshCurrentUser(queryClient);
    },
    onMutate: () => setError(null),
    onSuccess: (_result, { done }) => showSnackbar(done),
    onFailure: setError,
  });
  const busy = photo.isPending ? photo.variables.kind : null;

  function problemMessage(problem: PhotoProblem): string {
    if (problem === 'type') return t('profile.photo.wrongType');
    if (problem === 'empty') return t('profile.photo.empty');
    return t('profile.photo.tooLarge', { size: profilePhotoMaxMegabytes() });
  }

  function run(kind: PhotoChange['kind'], action: () => Promise<unknown>, done: string) {
    photo.mutate({ kind, action, done });
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires another change.
    input.value = '';
    if (!file) return;
    const problem = checkProfilePhoto(file);
    if (problem !== null) {
      setError(problemMessage(problem));
      return;
    }
    const body = new FormData();
    body.append('photo', file);
    run('upload', () => callAccountRoute('uploadProfilePhoto', body), t('profile.photo.uploaded'));
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {user.profile_photo_url ? (
          <Box
            component="img"
            src={user.profile_photo_url}
            alt={t('profile.photo.alt', { name: user.name })}
            data-testid="profile-photo"
            sx={{ width: PHOTO_SIZE, height: PHOTO_SIZE, borderRadius: '50%', objectFit: 'cover' }}
          />
        ) : (
          <Avatar
            sx={{ width: PHOTO_SIZE, height: PHOTO_SIZE, fontSize: 36 }}
            data-testid="profile-photo-placeholder"
          >
            {initials(user.name)}
          </Avatar>
        )}
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" loading={busy === 'upload'} disabled={busy !== null}>
              {t('profile.photo.choose')}
              <input
                type="file"
                name="photo"
                accept={PROFILE_PHOTO_ACCEPT}
                hidden
                onChange={choose}
                data-testid="profile-photo-input"
              />
            </Button>
            {user.profile_photo_url ? (
              <Button
                color="error"
                loading={busy === 'delete'}
                disabled={busy !== null}
                onClick={() =>
                  run('delete', () => callAccountRoute('deleteProfilePhoto'), t('profile.photo.deleted'))
                }
                data-testid="profile-photo-delete"
              >
                {t('profile.photo.delete')}
              </Button>
            ) : null}
          </Stack>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('profile.photo.hint', { size: profilePhotoMaxMegabytes() })}
          </Typography>
        </Stack>
      </Stack>
      <FormAlert message={error} testId="profile-photo-error" />
    </Stack>
  );
}

/** Up to two initials for the placeholder avatar. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => (word ? Array.from(word)[0] : ''))
    .join('')
    .toUpperCase();
}
