import { describe, expect, it } from 'vitest';
import { configuredOriginElsewhere } from './origin-check';

describe('configuredOriginElsewhere', () => {
  it('is null at the configured origin or another allowed one', () => {
    const allowed = ['http://203.0.113.7:8080', 'http://localhost:8080'];
    expect(
      configuredOriginElsewhere('http://203.0.113.7:8080', allowed, 'http://203.0.113.7:8080'),
    ).toBeNull();
    expect(configuredOriginElsewhere('http://203.0.113.7:8080', allowed, 'http://localhost:8080')).toBeNull();
    expect(
      configuredOriginElsewhere('https://panel.example.com/', [], 'https://panel.example.com'),
    ).toBeNull();
  });

  it('names the configured origin when this one would be refused', () => {
    expect(
      configuredOriginElsewhere('http://localhost:8080', ['http://localhost:8080'], 'http://127.0.0.1:8080'),
    ).toBe('http://localhost:8080');
    expect(configuredOriginElsewhere('https://panel.example.com/x', [], 'http://203.0.113.7:8080')).toBe(
      'https://panel.example.com',
    );
  });

  it('says nothing without a usable address (an older panel)', () => {
    expect(configuredOriginElsewhere(undefined, [], 'http://203.0.113.7:8080')).toBeNull();
    expect(configuredOriginElsewhere('not a url', [], 'http://203.0.113.7:8080')).toBeNull();
  });
});
