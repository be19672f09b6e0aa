import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Checkbox from '@mui/material/Checkbox';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS } from '../shell/menu-icons';
import type { SearchItem } from './search-model';

interface SearchResultRowProps {
  id: string;
  item: SearchItem;
  selected: boolean;
  onChoose: () => void;
  onToggleFavorite: (kind: 'server' | 'site', id: number, isFavorite: boolean) => void;
}

/** One result: icon, title, optional subtitle, and a favourite checkbox for servers and sites. */
export function SearchResultRow({ id, item, selected, onChoose, onToggleFavorite }: SearchResultRowProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const Icon = MENU_ICONS[item.icon];

  // The selected item scrolls into view (spec/000 §2) as the keyboard moves through the list.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const favorite = item.favorite;
  return (
    <ListItemButton
      ref={ref}
      id={id}
      role="option"
      aria-selected={selected}
      selected={selected}
      // Focus stays in the search field; the mouse chooses without taking it.
      tabIndex={-1}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      data-testid="search-result"
      data-selected={selected ? 'true' : 'false'}
      sx={{ px: 2 }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={item.title}
        secondary={item.subtitle}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
      {item.target === '_blank' && (
        <OpenInNewIcon
          fontSize="small"
          sx={{ color: 'text.secondary' }}
          aria-label={t('search.opensNewWindow')}
        />
      )}
      {favorite && (
        <Tooltip title={t('search.favorite')}>
          {/* The span keeps a click on the star from choosing the result. */}
          <span onClick={(event) => event.stopPropagation()}>
            <Checkbox
              size="small"
              tabIndex={-1}
              icon={<StarBorderIcon fontSize="small" />}
              checkedIcon={<StarIcon fontSize="small" />}
              checked={favorite.checked}
              onChange={(_event, checked) => {
                onToggleFavorite(favorite.kind, favorite.id, checked);
              }}
              slotProps={{
                input: {
                  'aria-label': t('search.favorite'),
                  // @ts-expect-error data-* attributes are valid on the input but missing from its slot type.
                  'data-testid': 'search-favorite',
                },
              }}
            />
          </span>
        </Tooltip>
      )}
    </ListItemButton>
  );
}
