import { describe, expect, it } from 'vitest';
import { assembleStepScript } from './scripts.js';

describe('assembleStepScript', () => {
  it('inlines the shared helpers into every step, and an area’s lib/ helpers into its own steps only', () => {
    const wordpress = assembleStepScript('wordpress/run.sh');
    const nginx = assembleStepScript('nginx/install.sh');
    for (const step of [wordpress, nginx]) expect(step).toContain('# ---- lib/common.sh');
    expect(wordpress).toContain('# ---- wordpress/lib/wordpress.sh');
    expect(wordpress.indexOf('# ---- wordpress/lib/wordpress.sh')).toBeLessThan(
      wordpress.indexOf('# ---- wordpress/run.sh'),
    );
    expect(nginx).not.toContain('wordpress/lib/');
    expect(nginx).not.toContain('hd_wp_tool');
  });
});
