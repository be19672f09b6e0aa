import { describe, expect, it } from 'vitest';
import { userInitials } from './user-initials';

describe('user initials', () => {
  it('takes the first and last word', () => {
    expect(userInitials('Ada King Lovelace')).toBe('AL');
    expect(userInitials('  ada  ')).toBe('A');
    expect(userInitials('Đặng Thị Ánh')).toBe('ĐÁ');
    expect(userInitials('')).toBe('');
  });
});
