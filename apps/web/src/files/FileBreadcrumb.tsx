import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { breadcrumb } from './file-rules';

/** The path segments of the current folder (spec/001 §2), each a link but the last. */
export function FileBreadcrumb({
  path,
  root,
  onNavigate,
  disabled,
}: {
  path: string;
  root: string;
  onNavigate(path: string): void;
  disabled: boolean;
}) {
  const crumbs = breadcrumb(path, root);
  return (
    <Breadcrumbs data-testid="file-breadcrumb" maxItems={8} sx={{ fontSize: 14, minWidth: 0 }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" sx={{ fontSize: 14 }} data-path={crumb.path}>
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component="button"
            type="button"
            underline="hover"
            data-path={crumb.path}
            disabled={disabled}
            onClick={() => onNavigate(crumb.path)}
            sx={{ fontSize: 14 }}
          >
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
