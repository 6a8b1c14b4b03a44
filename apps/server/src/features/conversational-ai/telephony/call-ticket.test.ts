import { describe, expect, it } from 'vitest';
import { CallTickets } from './call-ticket';

const data = {
  agentId: 'agent_1',
  conversationId: 'conv_1',
  clientData: { dynamic_variables: { name: 'Ada' } },
  phoneCall: { direction: 'outbound', external_number: '+15550001111' },
};

describe('call tickets', () => {
  it('opens what it issued, refuses a changed, foreign or expired ticket', () => {
    const tickets = new CallTickets('server-secret');
    const ticket = tickets.issue(data, 0);
    expect(tickets.open(ticket, 1000)).toEqual(data);
    const [body, mac] = ticket.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), agentId: 'agent_2' }),
    ).toString('base64url');
    expect(tickets.open(`${changed}.${mac}`, 1000)).toBeNull();
    expect(new CallTickets('another-secret').open(ticket, 1000)).toBeNull();
    expect(tickets.open(ticket, 3601_000)).toBeNull();
    expect(tickets.open('nonsense', 1000)).toBeNull();
  });
});
