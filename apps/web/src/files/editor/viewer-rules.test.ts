import { describe, expect, it } from 'vitest';
import { editorModeForPath } from '../../components/code-editor/editor-modes';
import { canSaveWith, isSaveShortcut, mediaKindOf, VIEW_LIMITS } from './viewer-rules';

describe('file viewer rules', () => {
  it('offers 100, 300, 500, 1000 and All', () => {
    expect(VIEW_LIMITS).toEqual([100, 300, 500, 1000, -1]);
  });
  it('shows images and videos as media, never .ts', () => {
    expect(mediaKindOf('/var/www/logo.PNG')).toBe('image');
    expect(mediaKindOf('/srv/clip.mp4')).toBe('video');
    expect(mediaKindOf('/app/src/index.ts')).toBeNull();
    expect(mediaKindOf('/etc/hosts')).toBeNull();
  });
  it('saves only a whole file', () => {
    expect(canSaveWith(-1)).toBe(true);
    expect(canSaveWith(100)).toBe(false);
  });
  it('knows Ctrl+S and Cmd+S', () => {
    expect(isSaveShortcut({ key: 's', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSaveShortcut({ key: 'S', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSaveShortcut({ key: 's', ctrlKey: false, metaKey: false })).toBe(false);
  });
  it('uses the shared mode rules (nginx, apache, ini, blade)', () => {
    expect(editorModeForPath('/etc/nginx/sites-available/example.com')).toBe('nginx');
    expect(editorModeForPath('/etc/apache2/apache2.conf')).toBe('apache');
    expect(editorModeForPath('/etc/php/8.2/fpm/pool.d/www.conf')).toBe('ini');
    expect(editorModeForPath('/etc/mysql/my.cnf')).toBe('ini');
    expect(editorModeForPath('/var/www/resources/views/home.blade.php')).toBe('blade');
  });
});
