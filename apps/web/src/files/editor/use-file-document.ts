import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifySuccess } from '../../api/error-handling';
import { editorModeForPath, type EditorMode } from '../../components/code-editor/editor-modes';
import type { DownloadLink, FileAgentClient } from '../api/file-agent-client';
import type { ViewLimit } from '../api/types';
import { DEFAULT_VIEW_LIMIT, mediaKindOf } from './viewer-rules';

export type DocumentState =
  | { kind: 'loading' }
  | { kind: 'text' }
  | { kind: 'too-large' }
  | { kind: 'media'; media: 'image' | 'video'; url: string }
  | { kind: 'failed' };

/**
 * One opened file (spec/001 §2 file viewer and editor): its text or media URL, the Lines limit,
 * the editor mode, and the save / clean / delete actions with their per-file overlay.
 */
export function useFileDocument(client: FileAgentClient, path: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<DocumentState>({ kind: 'loading' });
  const [limit, setLimit] = useState<ViewLimit>(DEFAULT_VIEW_LIMIT);
  const [mode, setMode] = useState<EditorMode>(() => editorModeForPath(path));
  const [content, setContent] = useState('');
  const [original, setOriginal] = useState('');
  const mediaLink = useRef<DownloadLink | null>(null);
  const generation = useRef(0);

  const releaseMedia = () => {
    mediaLink.current?.revoke?.();
    mediaLink.current = null;
  };

  // Bumped by refresh: the load effect runs again for the same path and limit.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const mine = ++generation.current;
    const fetchDocument = async () => {
      try {
        const media = mediaKindOf(path);
        if (media) {
          const link = await client.fileUrl('view', path);
          if (mine !== generation.current) return link.revoke?.();
          releaseMedia();
          mediaLink.current = link;
          setState({ kind: 'media', media, url: link.url });
          return;
        }
        const result = await client.view(path, { limit });
        if (mine !== generation.current) return;
        if (result.kind === 'too-large') {
          setState({ kind: 'too-large' });
          return;
        }
        setContent(result.content);
        setOriginal(result.content);
        setState({ kind: 'text' });
      } catch (error) {
        if (mine !== generation.current) return;
        handleApiError(error);
        setState({ kind: 'failed' });
      }
    };
    void fetchDocument();
  }, [client, path, limit, version]);

  /** Refresh (and a Lines change): shows loading, then the new text. */
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setVersion((current) => current + 1);
  }, []);
  const changeLimit = useCallback((next: ViewLimit) => {
    setState({ kind: 'loading' });
    setLimit(next);
  }, []);

  useEffect(() => () => releaseMedia(), []);

  // A failure is reported by the query client's mutation cache (handleApiError).
  const fileAction = useMutation({
    mutationFn: ({ action }: { kind: 'saving' | 'deleting'; action: () => Promise<unknown> }) => action(),
  });
  const overlay = fileAction.isPending ? fileAction.variables.kind : null;

  /** Runs an action under the file's overlay; true when it succeeded. */
  const withOverlay = (kind: 'saving' | 'deleting', action: () => Promise<unknown>) =>
    fileAction.mutateAsync({ kind, action }).then(
      () => true,
      () => false,
    );

  const save = async () => {
    const text = content;
    if (await withOverlay('saving', () => client.save(path, text))) {
      setOriginal(text);
      notifySuccess(t('fileEditor.saved'));
      return true;
    }
    return false;
  };

  const clean = async () => {
    if (await withOverlay('saving', () => client.save(path, ''))) {
      setContent('');
      setOriginal('');
      notifySuccess();
    }
  };

  const remove = () => withOverlay('deleting', () => client.delete([path]));

  return {
    state,
    limit,
    setLimit: changeLimit,
    mode,
    setMode,
    content,
    setContent,
    dirty: content !== original,
    overlay,
    reload,
    save,
    clean,
    remove,
  };
}
