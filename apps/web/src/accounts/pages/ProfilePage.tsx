import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../session/use-current-user';
import { BrowserSessionsSection } from '../profile/BrowserSessionsSection';
import { DeleteAccountSection } from '../profile/DeleteAccountSection';
import { PreferencesSection } from '../profile/PreferencesSection';
import { ProfileInformationSection } from '../profile/ProfileInformationSection';
import { TwoFactorSection } from '../profile/TwoFactorSection';
import { UpdatePasswordSection } from '../profile/UpdatePasswordSection';
import { LinkedAccountsSection } from '../socialites/LinkedAccountsSection';

/** `/user/profile` (spec/000 §2): the account's own settings, one card per concern. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();

  if (user === null) {
    // The route's guard sends visitors to sign in first; this covers a session that just ended.
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/login" color="inherit" size="small">
            {t('auth.login.submit')}
          </Button>
        }
      >
        {t('profile.signInFirst')}
      </Alert>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1">
        {t('profile.title')}
      </Typography>
      <ProfileInformationSection key={user.id} user={user} />
      <UpdatePasswordSection />
      <TwoFactorSection user={user} />
      {/* Linking (and the list) needs a verified address, as every other call but the profile's. */}
      {user.email_verified && <LinkedAccountsSection />}
      <BrowserSessionsSection />
      <PreferencesSection user={user} />
      <DeleteAccountSection />
    </Stack>
  );
}
