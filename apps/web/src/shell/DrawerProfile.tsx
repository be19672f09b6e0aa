import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { UserAvatar } from '../components/UserAvatar';
import { PROFILE_PATH } from './shell-routes';

/**
 * The drawer's profile area: avatar and name, with the VIP badge of paid users (spec/000 §1) while
 * billing is on.
 */
export function DrawerProfile({ user, collapsed }: { user: User; collapsed: boolean }) {
  const { t } = useTranslation();
  const billingEnabled = useAppInfo().data?.billing_enabled ?? false;
  const vip = billingEnabled && user.isPaidUser && (
    <Chip
      label={t('drawer.vip')}
      size="small"
      color="warning"
      data-testid="vip-badge"
      sx={{ fontWeight: 700, height: collapsed ? 18 : 22, fontSize: collapsed ? 10 : 12 }}
    />
  );
  return (
    <Box
      component={RouterLink}
      to={PROFILE_PATH}
      data-testid="drawer-profile"
      sx={{
        display: 'flex',
        flexDirection: collapsed ? 'column' : 'row',
        alignItems: 'center',
        gap: collapsed ? 0.5 : 1.5,
        px: collapsed ? 1 : 2,
        py: 1.5,
        color: 'inherit',
        textDecoration: 'none',
      }}
    >
      <UserAvatar user={user} size={collapsed ? 32 : 40} />
      {collapsed ? (
        vip
      ) : (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap data-testid="drawer-user-name">
            {user.name}
          </Typography>
          {vip}
        </Box>
      )}
    </Box>
  );
}
