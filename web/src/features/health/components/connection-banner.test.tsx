import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

describe('connection banner', () => {
  it('stays hidden while the server answers /health', async () => {
    mockFetch({ 'GET /health': json({ status: 'ok' }) });
    renderApp({ path: '/', session: null });
    await screen.findByRole('link', { name: 'Log In' });
    expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();
  });

  it('says so when /health fails', async () => {
    mockFetch({ 'GET /health': json({ detail: 'down' }, 503) });
    renderApp({ path: '/', session: null });
    expect(await screen.findByText(/Lectern's server cannot be reached right now/)).toBeInTheDocument();
  });
});
