import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError, type Recipe } from '../recipe.js';
import { balancingApply, balancingBackendApply, balancingBackendRemove, balancingRemove } from './index.js';

const frame = (stdin: Buffer) => stdin.toString('utf8');

describe('load balancing recipes', () => {
  it('pass the nodes, paths and names in the environment only', () => {
    const apply = frame(
      buildStepInvocation(balancingApply, 'apply', {
        ...balancingApply.example,
        method: 'least_conn',
        nodes: [
          { address: '192.0.2.10', port: 80, weight: 2, backup: false, down: false },
          { address: '2001:db8::1', port: 8080, weight: 1, backup: true, down: true },
        ],
      }).stdin,
    );
    expect(apply).toContain('HD_UPSTREAM=hostdeck-lb-example.com\0');
    expect(apply).toContain('HD_UPSTREAM_FILE=/etc/nginx/conf.d/hostdeck-balancer-example.com.conf\0');
    expect(apply).toContain('HD_INCLUDE_FILE=/etc/nginx/hostdeck/example.com/_hostdeck-balancer.conf\0');
    expect(apply).toContain('HD_METHOD=least_conn\0');
    expect(apply).toContain('HD_NODES=192.0.2.10 80 2 0 0\n2001:db8::1 8080 1 1 1\0');
    const backend = frame(
      buildStepInvocation(balancingBackendApply, 'apply', balancingBackendApply.example).stdin,
    );
    expect(backend).toContain('HD_ALLOW=192.0.2.1\0');
    expect(backend).toContain('HD_INCLUDE_FILE=/etc/nginx/hostdeck/example.com/_hostdeck-backend.conf\0');
  });

  it('refuse hostile values in every field before anything runs', () => {
    const node = balancingApply.example.nodes[0]!;
    const cases: [Recipe, string, (value: unknown) => unknown][] = [
      [balancingApply, 'apply', (value) => ({ ...balancingApply.example, site: value })],
      [balancingApply, 'apply', (value) => ({ ...balancingApply.example, method: value })],
      [balancingApply, 'apply', (value) => ({ ...balancingApply.example, max_fails: value })],
      [balancingApply, 'apply', (value) => ({ ...balancingApply.example, fail_timeout: value })],
      ...(['address', 'port', 'weight', 'backup', 'down'] as const).map(
        (field): [Recipe, string, (value: unknown) => unknown] => [
          balancingApply,
          'apply',
          (value) => ({ ...balancingApply.example, nodes: [{ ...node, [field]: value }] }),
        ],
      ),
      [balancingRemove, 'remove', (value) => ({ site: value })],
      [balancingBackendApply, 'apply', (value) => ({ site: value, allow: ['192.0.2.1'] })],
      [balancingBackendApply, 'apply', (value) => ({ site: 'example.com', allow: [value] })],
      [balancingBackendRemove, 'remove', (value) => ({ site: value })],
    ];
    for (const [recipe, step, input] of cases) {
      for (const payload of [...SHELL_INJECTION_PAYLOADS, '-x', '--help', '192.0.2.1 192.0.2.2', '80\n81']) {
        expect(
          () => buildStepInvocation(recipe, step, input(payload)),
          `${recipe.id} ${JSON.stringify(payload)}`,
        ).toThrow(RecipeInputError);
      }
    }
  });
});
