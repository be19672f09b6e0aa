import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import type { FileDialogContext } from './types';

/** The information dialog: what the shell passes in `info`, else the selection's details. */
export function InfoDialog({ context, onClose }: { context: FileDialogContext; onClose: () => void }) {
  const { t } = useTranslation();
  const item = context.selection[0];
  const lines =
    context.info?.lines ??
    (item
      ? [
          { label: t('fileDialogs.info.path'), value: item.path },
          { label: t('fileDialogs.info.type'), value: item.type },
          { label: t('fileDialogs.info.size'), value: item.type === 'dir' ? '-' : item.size_format },
          {
            label: t('fileDialogs.info.permission'),
            value: `${item.permission.number} (${item.permission.string})`,
          },
          { label: t('fileDialogs.info.owner'), value: item.owner },
          { label: t('fileDialogs.info.modified'), value: new Date(item.modified * 1000).toLocaleString() },
          ...(item.link ? [{ label: t('fileDialogs.info.link'), value: item.link }] : []),
        ]
      : [{ label: t('fileDialogs.info.path'), value: context.currentPath }]);
  return (
    <FileDialogFrame name="info" title={context.info?.title ?? t('fileDialogs.info.title')} onClose={onClose}>
      <Table size="small">
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.label}>
              <TableCell component="th" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {line.label}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{line.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FileDialogFrame>
  );
}
