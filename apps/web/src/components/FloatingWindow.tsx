import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOATING_WINDOW } from '@hostdeck/contracts';
import { closeFloatingWindow, focusFloatingWindow } from './floating-window-store';
import type { FloatingWindowEntry } from './floating-windows';

/** Part of the title bar that stays on screen while dragging, so a window can always be pulled back. */
const KEEP_VISIBLE_PX = 80;
const DEFAULT_LEFT_PERCENT = (100 - FLOATING_WINDOW.widthPercent) / 2;
const DEFAULT_TOP_PERCENT = (100 - FLOATING_WINDOW.heightPercent) / 2;
/** Each new window opens a little lower and to the right, so none hides another completely. */
const CASCADE_STEP_PX = 24;
const CASCADE_STEPS = 6;

interface Drag {
  pointerX: number;
  pointerY: number;
  left: number;
  top: number;
}

/**
 * A floating window of spec/000 §2/§9: 60% wide and 80% high (the whole screen on small ones),
 * dragged by its title bar, resized from its corner (CSS resize), in front when clicked.
 */
export function FloatingWindow({ entry, layer }: { entry: FloatingWindowEntry; layer: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const paperRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const cascade = ((entry.id - 1) % CASCADE_STEPS) * CASCADE_STEP_PX;

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    const rect = paperRef.current?.getBoundingClientRect();
    if (!rect) return;
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, left: rect.left, top: rect.top };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const width = paperRef.current?.offsetWidth ?? 0;
    const left = start.left + event.clientX - start.pointerX;
    const top = start.top + event.clientY - start.pointerY;
    setPosition({
      left: clamp(left, KEEP_VISIBLE_PX - width, window.innerWidth - KEEP_VISIBLE_PX),
      top: clamp(top, 0, window.innerHeight - KEEP_VISIBLE_PX / 2),
    });
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <Paper
      ref={paperRef}
      elevation={12}
      role="dialog"
      aria-labelledby={titleId}
      data-testid="floating-window"
      onPointerDownCapture={() => focusFloatingWindow(entry.id)}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.drawer + 1 + layer,
        left: position
          ? `${position.left}px`
          : { xs: 0, sm: `calc(${DEFAULT_LEFT_PERCENT}% + ${cascade}px)` },
        top: position ? `${position.top}px` : { xs: 0, sm: `calc(${DEFAULT_TOP_PERCENT}% + ${cascade}px)` },
        width: { xs: '100%', sm: `${FLOATING_WINDOW.widthPercent}%` },
        height: { xs: '100%', sm: `${FLOATING_WINDOW.heightPercent}%` },
        minWidth: 280,
        minHeight: 160,
        maxWidth: '100vw',
        maxHeight: '100vh',
        resize: 'both',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box
        onPointerDown={startDrag}
        onPointerMove={moveDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-testid="floating-window-title"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 2,
          pr: 0.5,
          py: 0.5,
          cursor: 'move',
          userSelect: 'none',
          touchAction: 'none',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography id={titleId} variant="subtitle2" noWrap sx={{ flexGrow: 1 }}>
          {entry.title}
        </Typography>
        <IconButton
          size="small"
          color="inherit"
          aria-label={t('floatingWindow.close')}
          data-testid="floating-window-close"
          onClick={() => closeFloatingWindow(entry.id)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ flexGrow: 1, overflow: 'auto' }}>{entry.content}</Box>
    </Paper>
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
