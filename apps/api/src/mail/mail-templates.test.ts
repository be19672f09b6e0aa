import { describe, expect, it } from 'vitest';
import {
  renderPasswordResetMail,
  renderTeamInvitationMail,
  renderVerificationMail,
} from './mail-templates.js';

describe('mail templates', () => {
  const input = {
    brand: 'HostDeck',
    name: 'Ada <script>alert(1)</script>',
    url: 'https://panel.example.test/reset-password#token=abc&email=ada%40example.test',
  };

  it('render English and Vietnamese', () => {
    expect(renderVerificationMail({ ...input, locale: 'en' }).subject).toBe(
      'Verify your email address - HostDeck',
    );
    expect(renderVerificationMail({ ...input, locale: 'vi' }).subject).toBe(
      'Xác minh địa chỉ email của bạn - HostDeck',
    );
    expect(renderPasswordResetMail({ ...input, locale: 'en' }).text).toContain(
      'This password reset link will expire in 60 minutes.',
    );
    expect(renderPasswordResetMail({ ...input, locale: 'vi' }).text).toContain(
      'Liên kết đặt lại mật khẩu này sẽ hết hạn sau 60 phút.',
    );
  });

  it('put the link in the text as it is and escape everything in the html', () => {
    const mail = renderPasswordResetMail({ ...input, locale: 'en' });
    expect(mail.text).toContain(input.url);
    expect(mail.text).toContain('Hello Ada <script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello Ada &lt;script&gt;');
    expect(mail.html).toContain(
      'href="https://panel.example.test/reset-password#token=abc&amp;email=ada%40example.test"',
    );
  });

  it('name the team and the inviter as they are written, escaped in the html', () => {
    const mail = renderTeamInvitationMail({
      locale: 'en',
      brand: 'HostDeck',
      inviter: 'Eve {team}',
      team: '<b>Ops</b> {days}',
      days: 7,
      url: 'https://panel.example.test/team-invitations/5',
    });
    expect(mail.subject).toBe('Invitation to join the team <b>Ops</b> {days} - HostDeck');
    expect(mail.text).toContain('Eve {team} has invited you to join the team <b>Ops</b> {days}.');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;Ops&lt;/b&gt;');
    const vi = renderTeamInvitationMail({
      locale: 'vi',
      brand: 'HostDeck',
      inviter: 'Eve',
      team: 'Ops',
      days: 7,
      url: 'https://panel.example.test/team-invitations/5',
    });
    expect(vi.text).toContain('Eve đã mời bạn tham gia nhóm Ops.');
    expect(vi.text).toContain('https://panel.example.test/team-invitations/5');
  });
});
