// Loaded before the browser stubs: emotion decides at load whether it runs in a browser.
import '@emotion/cache';
import '@emotion/react';
import '@emotion/styled';
import '@mui/material/styles';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSchema, type AgentChangelogEntry, type Event, type HotfixItem } from '@hostdeck/contracts';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import { changelogSince, hotfixBusy, withEventUpdate } from './hotfix-rules';

/**
 * The hotfix dialog's body and rules (spec/000 §2 change-log dialog, §4 busy button). Rendered in
 * Node (the unit project has no DOM; the dialog's own frame is a portal, so its body is what is
 * rendered here).
 */
stubBrowserGlobals();

type Props = { entries: AgentChangelogEntry[]; items: HotfixItem[]; started: Event[] };
let HotfixChangeLog: ComponentType<Props>;
let changeLanguage: (locale: string) => Promise<unknown>;

beforeAll(async () => {
  ({ HotfixChangeLog } = await import('./HotfixChangeLog'));
  const { i18n } = await import('../i18n/i18n');
  changeLanguage = (locale) => i18n.changeLanguage(locale);
  await changeLanguage('en');
});

const items: HotfixItem[] = [
  { kind: 'agent', server_id: 4, server_name: 'shop-web', agent_version: 21, busy: false },
  { kind: 'agent', server_id: 9, server_name: 'blog-db', agent_version: 22, busy: false },
];
const entries: AgentChangelogEntry[] = [
  { id: 23, title: 'Agent 23', content: 'Safer file operations.\nLinks followed to their owner only.' },
  { id: 22, title: 'Agent 22', content: 'A self-contained bundle.' },
];
const event = (serverId: number, values: Partial<Event>): Event =>
  eventSchema.parse({
    id: serverId * 10,
    type: 'install_agent',
    server_id: serverId,
    site_id: null,
    model_id: null,
    model_type: null,
    is_finished: false,
    description: 'Install the agent',
    status: 'PENDING',
    output: '',
    output_truncated: false,
    error_reason: null,
    current_step: null,
    created_at: '2026-11-27T09:00:00Z',
    created_at_display: 'now',
    user_name: null,
    user_avatar: null,
    color: 'primary',
    ...values,
  });

const render = (props: Props) => renderToString(<HotfixChangeLog {...props} />).replace(/<!-- -->/g, '');

describe('HotfixChangeLog', () => {
  it('shows each change-log entry line by line and the servers to update', () => {
    const html = render({ entries, items, started: [] });
    expect(html.match(/data-testid="hotfix-changelog-entry"/g)).toHaveLength(2);
    expect(html).toContain('<li');
    expect(html).toContain('Links followed to their owner only.');
    expect(html).toContain('shop-web');
    expect(html).toContain('Agent 21');
    expect(html).not.toContain('status-badge');
  });

  it("shows a started server's event status", () => {
    const html = render({ entries, items, started: [event(4, { status: 'FINISHED', is_finished: true })] });
    expect(html.match(/data-testid="status-badge"/g)).toHaveLength(1);
    expect(html).toContain('data-status="FINISHED"');
  });

  it('says when nothing needs an update, in Vietnamese too', async () => {
    expect(render({ entries: [], items: [], started: [] })).toContain(
      'None of your servers needs an update now.',
    );
    await changeLanguage('vi');
    expect(render({ entries: [], items: [], started: [] })).toContain(
      'Hiện không có máy chủ nào của bạn cần cập nhật.',
    );
    await changeLanguage('en');
  });
});

describe('hotfix rules', () => {
  it('starts the change log after the oldest agent to update', () => {
    expect(changelogSince(items)).toBe(21);
    expect(changelogSince([])).toBeUndefined();
  });

  it('is busy while a started event is unfinished, or one already ran before the dialog opened', () => {
    const running = event(4, { status: 'RUNNING' });
    expect(hotfixBusy(items, [running])).toBe(true);
    const done = withEventUpdate([running], event(4, { status: 'FINISHED', is_finished: true }));
    expect(hotfixBusy(items, done)).toBe(false);
    expect(hotfixBusy([{ ...items[0]!, busy: true }], [])).toBe(true);
    expect(hotfixBusy(items, [])).toBe(false);
  });
});
