import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** The favourite star of a list row (spec/000 §3 is_favorite): the caller names and toggles it. */
export function FavoriteStar({
  isFavorite,
  label,
  onToggle,
  testId,
}: {
  isFavorite: boolean;
  label: string;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={isFavorite}
        onClick={onToggle}
        data-testid={testId}
        data-favorite={isFavorite}
        sx={{ color: isFavorite ? 'warning.main' : 'text.secondary' }}
      >
        {isFavorite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
