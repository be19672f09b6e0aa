import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { lineNumberColumn, outputLines } from './shell-output';

const lineStyle = {
  m: 0,
  fontFamily: 'monospace',
  fontSize: 13,
  lineHeight: 1.5,
  whiteSpace: 'pre',
} as const;

/**
 * Read-only, shell-style output with line numbers. Two text blocks side by side rather than one
 * element per line: an event keeps up to 1 MiB of output, tens of thousands of lines.
 */
export function ShellOutput({ output }: { output: string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="region"
      aria-label={t('notifications.output')}
      tabIndex={0}
      data-testid="shell-output"
      sx={{
        display: 'flex',
        bgcolor: '#1e1e1e',
        color: '#d4d4d4',
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: '60vh',
      }}
    >
      <Box
        component="pre"
        aria-hidden
        sx={{
          ...lineStyle,
          px: 1,
          textAlign: 'right',
          color: '#858585',
          userSelect: 'none',
          position: 'sticky',
          left: 0,
          bgcolor: '#1e1e1e',
          borderRight: '1px solid #333',
        }}
      >
        {lineNumberColumn(output)}
      </Box>
      <Box component="pre" data-testid="shell-output-text" sx={{ ...lineStyle, px: 1.5, flexGrow: 1 }}>
        {outputLines(output)}
      </Box>
    </Box>
  );
}
