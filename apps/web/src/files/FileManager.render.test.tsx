// Loaded before the browser stubs: emotion decides at load whether it runs in a browser.
import '@emotion/cache';
import '@emotion/react';
import '@emotion/styled';
import '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import type { AgentUpgradePrompt as UpgradePromptComponent } from '../components/AgentUpgradePrompt';
import type { FileList as FileListComponent } from './FileList';
import type { FileManagerProps } from './FileManager';
import type { FolderLoadFailure as FolderLoadFailureComponent } from './FolderLoadFailure';

/**
 * The first render of the file manager (server-rendered in Node: the unit project has no DOM):
 * every toolbar button is there and disabled before the token arrives (spec/001 §4).
 */
stubBrowserGlobals();

let FileManager: ComponentType<FileManagerProps>;
let FileList: typeof FileListComponent;
let FolderLoadFailure: typeof FolderLoadFailureComponent;
let AgentUpgradePrompt: typeof UpgradePromptComponent;

beforeAll(async () => {
  ({ FileManager } = await import('./FileManager'));
  ({ FileList } = await import('./FileList'));
  ({ FolderLoadFailure } = await import('./FolderLoadFailure'));
  ({ AgentUpgradePrompt } = await import('../components/AgentUpgradePrompt'));
  const { i18n } = await import('../i18n/i18n');
  await i18n.changeLanguage('en');
});

function wrap(children: ReactNode): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function render(): string {
  const client = new QueryClient();
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FileManager
          scope={{ kind: 'server', id: 1 }}
          root="/"
          serverId={1}
          agentVersion={30}
          defaultLinuxUser="hostdeck"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FileManager first render', () => {
  it('shows the File tab, the tree, the breadcrumb and every toolbar button disabled', () => {
    const html = render();
    expect(html).toContain('data-testid="file-manager"');
    expect(html).toContain('data-testid="file-tree"');
    expect(html).toContain('data-testid="file-breadcrumb"');
    expect(html).toMatch(/data-testid="file-tab"[^>]*data-path=""/);
    for (const action of [
      'up',
      'move',
      'copy',
      'rename',
      'archive',
      'extract',
      'download',
      'clean',
      'delete',
      'search',
      'reload',
      'new-file',
      'new-folder',
      'url-download',
      'upload',
      'info',
      'settings',
    ]) {
      const button = new RegExp(`<button[^>]*data-testid="file-toolbar-${action}"[^>]*>`).exec(html)?.[0];
      expect(button, action).toBeDefined();
      expect(button, action).toContain('disabled');
    }
  });

  it('does not call the folder empty before it has been listed', () => {
    expect(render()).not.toContain('data-testid="file-list-empty"');
  });
});

describe('FileList', () => {
  const base = {
    basename: '',
    extension: '',
    size: 1536,
    size_format: '1.5 KB',
    mime: 'text/plain',
    modified: 1_700_000_000,
    owner: 'hostdeck:www-data',
    permission: { number: 644, string: 'rw-r--r--' },
    hidden: false,
    link: null,
    linkType: null,
    isCompressed: false,
    canView: true,
  };

  it('shows name, size (a dash for folders), permission, ownership and a checkbox per row', () => {
    const html = wrap(
      <FileList
        entries={[
          { ...base, type: 'dir', path: '/var/www', name: 'www', size_format: '4 KB', mime: 'directory' },
          { ...base, type: 'file', path: '/var/a.txt', name: 'a.txt' },
        ]}
        selected={['/var/a.txt']}
        onSelect={() => undefined}
        onOpen={() => undefined}
        onContextMenu={() => undefined}
        onAttribute={() => undefined}
        disabled={false}
        loaded
      />,
    );
    // React's server render separates text pieces with empty comments.
    const rows = html
      .replace(/<!-- -->/g, '')
      .split('data-testid="file-row"')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('data-name="www"');
    expect(rows[0]).toContain('>-</td>');
    expect(rows[0]).not.toContain('4 KB');
    expect(rows[1]).toContain('1.5 KB');
    expect(rows[1]).toContain('rw-r--r-- (644)');
    expect(rows[1]).toContain('hostdeck:www-data');
    expect(html.match(/type="checkbox"/g)).toHaveLength(3);
  });
});

describe('an empty folder and a folder that could not be listed', () => {
  const list = (loaded: boolean) =>
    wrap(
      <FileList
        entries={[]}
        loaded={loaded}
        selected={[]}
        onSelect={() => undefined}
        onOpen={() => undefined}
        onContextMenu={() => undefined}
        onAttribute={() => undefined}
        disabled={false}
      />,
    );

  it('says empty only for a listed folder', () => {
    expect(list(true)).toContain('This folder is empty');
    expect(list(false)).not.toContain('This folder is empty');
  });

  it('says the agent cannot be reached, with a retry, instead of an empty folder', () => {
    const html = wrap(
      <FolderLoadFailure
        failure={{ kind: 'unreachable', message: 'The agent did not answer' }}
        retrying={false}
        onRetry={() => undefined}
      />,
    );
    expect(html).toContain('data-testid="file-load-failure"');
    expect(html).toContain('cannot be reached');
    expect(html).toContain('data-testid="file-load-failure-retry"');
    expect(html).not.toContain('This folder is empty');
  });
});

describe('AgentUpgradePrompt', () => {
  it('asks to upgrade the agent with the brand', async () => {
    const { i18n } = await import('../i18n/i18n');
    const html = wrap(
      <AgentUpgradePrompt
        serverId={1}
        testId="file-agent-upgrade"
        message={i18n.t('files.upgrade.message', { brand: 'HostDeck' })}
        buttonLabel={i18n.t('files.upgrade.button')}
      />,
    );
    expect(html).toContain('Please upgrade HostDeck Agent');
    expect(html).toContain('data-testid="file-agent-upgrade-button"');
  });
});
