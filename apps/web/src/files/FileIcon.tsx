import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import CodeIcon from '@mui/icons-material/Code';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/Folder';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import StorageIcon from '@mui/icons-material/Storage';
import type { SvgIconComponent } from '@mui/icons-material';
import type { FileEntry } from './api';
import { fileIconKind, type FileIconKind } from './file-icons';

const ICONS: Record<FileIconKind, SvgIconComponent> = {
  folder: FolderIcon,
  link: LinkIcon,
  archive: FolderZipOutlinedIcon,
  image: ImageOutlinedIcon,
  video: MovieOutlinedIcon,
  audio: AudioFileOutlinedIcon,
  code: CodeIcon,
  database: StorageIcon,
  text: DescriptionOutlinedIcon,
  file: InsertDriveFileOutlinedIcon,
};

/** The built-in file-type icon (spec/001 §7: the fallback map; no icon service is called). */
export function FileIcon({
  entry,
}: {
  entry: Pick<FileEntry, 'type' | 'linkType' | 'name' | 'mime' | 'isCompressed'>;
}) {
  const kind = fileIconKind(entry);
  const Icon = ICONS[kind];
  return <Icon fontSize="small" color={kind === 'folder' ? 'primary' : 'action'} data-icon={kind} />;
}
