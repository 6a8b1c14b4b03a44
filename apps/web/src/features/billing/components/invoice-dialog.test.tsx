// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { InvoiceDialog } from './invoice-dialog';

const invoice = {
  invoice_id: 'inv_123',
  kind: 'subscription',
  status: 'paid',
  tier: 'creator',
  billing_period: 'monthly_period',
  currency: 'usd',
  amount_due_cents: 1_100,
  subtotal_cents: 2_200,
  discount_cents: 1_100,
  period_start_unix: Date.UTC(2026, 10, 25) / 1000,
  period_end_unix: Date.UTC(2026, 11, 25) / 1000,
  created_at_unix: Date.UTC(2026, 10, 25) / 1000,
  paid_at_unix: Date.UTC(2026, 10, 25) / 1000,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ invoices: [invoice] })),
  );
});

describe("the receipt mail's invoice link (/app/subscription?invoice=…)", () => {
  it('shows that invoice: number, plan, period, amounts and when it was paid', async () => {
    renderWithProviders(<InvoiceDialog />, { path: '/app/subscription?invoice=inv_123' });
    const dialog = await screen.findByRole('dialog', { name: 'Invoice' });
    expect(await within(dialog).findByText('inv_123')).toBeTruthy();
    expect(within(dialog).getByText('Creator (Subscription)')).toBeTruthy();
    expect(within(dialog).getByText('November 25, 2026 – December 25, 2026')).toBeTruthy();
    expect(within(dialog).getByText('$22.00')).toBeTruthy();
    expect(within(dialog).getByText('-$11.00')).toBeTruthy();
    expect(within(dialog).getByText('$11.00')).toBeTruthy();
    expect(within(dialog).getByText('Paid on November 25, 2026')).toBeTruthy();
  });

  it("says so when the invoice is not the workspace's", async () => {
    renderWithProviders(<InvoiceDialog />, { path: '/app/subscription?invoice=other' });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows nothing without the parameter', () => {
    renderWithProviders(<InvoiceDialog />, { path: '/app/subscription' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
