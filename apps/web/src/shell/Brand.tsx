import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppInfo } from '../api/use-app-info';

/** The product name from app info (configurable, spec README: `{brand}`), linking home. */
export function Brand() {
  const { data } = useAppInfo();
  if (!data) return <Skeleton variant="text" sx={{ width: 110, fontSize: '1.25rem' }} />;
  return (
    <Typography
      variant="h6"
      component={RouterLink}
      to="/"
      data-testid="brand"
      sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
    >
      {data.brand}
    </Typography>
  );
}
