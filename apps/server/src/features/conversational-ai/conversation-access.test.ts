import { describe, expect, it } from 'vitest';
import { ConversationSigner } from './conversation-access';

describe('ConversationSigner', () => {
  const signer = new ConversationSigner('s'.repeat(40));
  it('verifies its own signature for the same agent only, until it expires', () => {
    const sig = signer.sign('agent_a', 'conv_1', 1_000_000);
    expect(signer.verify('agent_a', sig, 1_000_000)).toBe('conv_1');
    expect(signer.verify('agent_b', sig, 1_000_000)).toBeNull();
    expect(signer.verify('agent_a', sig, 1_000_000 + 16 * 60 * 1000)).toBeNull();
    expect(signer.verify('agent_a', sig.replace('conv_1', 'conv_2'), 1_000_000)).toBeNull();
    expect(new ConversationSigner('t'.repeat(40)).verify('agent_a', sig, 1_000_000)).toBeNull();
  });
});
