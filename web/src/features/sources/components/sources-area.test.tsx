import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourceSummary } from '@/features/sources/api/sources';
import { SourcesArea, describeSource, formatBytes } from '@/features/sources/components/sources-area';
import { json, mockFetch } from '@/testing/mock-fetch';

function makeSource(overrides: Partial<SourceSummary> = {}): SourceSummary {
  return {
    id: 's1',
    title: 'Veltrane glassworks',
    kind: 'pdf',
    file_name: 'veltrane.pdf',
    pages: 3,
    characters: 2345,
    passages: 4,
    bytes: 2400,
    created_at: '2026-11-29T09:00:00Z',
    ...overrides,
  };
}

function renderArea() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SourcesArea userId="u1" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sources area', () => {
  it('says a document by its kind, pages, characters and passages', () => {
    expect(describeSource(makeSource())).toBe('PDF · 3 pages · 2,345 characters · 4 passages');
    expect(describeSource(makeSource({ kind: 'text', pages: null, passages: 1 }))).toBe(
      'Text · 2,345 characters · 1 passage',
    );
    expect(describeSource(makeSource({ kind: 'docx', pages: null, passages: 2 }))).toBe(
      'Word · 2,345 characters · 2 passages',
    );
    expect(describeSource(makeSource({ kind: 'epub', pages: null, passages: 2 }))).toBe(
      'EPUB · 2,345 characters · 2 passages',
    );
    expect(formatBytes(2400)).toBe('3 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('lists the documents and the quota, adds chosen files, and removes one', async () => {
    let listed = [makeSource()];
    const { requests } = mockFetch({
      'GET /api/sources': () => json({ sources: listed, used_bytes: 2400, quota_bytes: 50 * 1024 * 1024 }),
      'POST /api/sources': () => {
        const added = makeSource({ id: 's2', title: 'notes', kind: 'markdown', pages: null, file_name: 'notes.md' });
        listed = [added, ...listed];
        return json({ sources: [added] }, 201);
      },
      'DELETE /api/sources/s1': () => {
        listed = listed.filter((s) => s.id !== 's1');
        return new Response(null, { status: 204 });
      },
    });
    renderArea();
    expect(await screen.findByText('Veltrane glassworks')).toBeInTheDocument();
    expect(screen.getByText('3 KB of 50.0 MB used')).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('Choose files'), new File(['# Notes\n\nText.'], 'notes.md', { type: 'text/markdown' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added notes (Markdown · 2,345 characters · 4 passages).');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.headers.get('content-type')).toBeNull();
    expect(await screen.findByText('notes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Veltrane glassworks' }));
    await waitFor(() => expect(screen.queryByText('Veltrane glassworks')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/sources/s1')).toBe(true);
  });

  it("says the server's reason inline when a file cannot be read, and keeps the list", async () => {
    mockFetch({
      'GET /api/sources': () => json({ sources: [], used_bytes: 0, quota_bytes: 1024 }),
      'POST /api/sources': () =>
        json({ detail: 'scan.pdf: This PDF has no text layer: it looks like a scan. Run it through OCR first.' }, 422),
    });
    renderArea();
    expect(await screen.findByText('No sources yet.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose files'), new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('scan.pdf: This PDF has no text layer');
  });

  it('asks for a title and text before pasting, then adds pasted text', async () => {
    const { requests } = mockFetch({
      'GET /api/sources': () => json({ sources: [], used_bytes: 0, quota_bytes: 1024 }),
      'POST /api/sources': () => json({ sources: [makeSource({ id: 's3', title: 'My notes', kind: 'text' })] }, 201),
    });
    renderArea();
    await screen.findByText('No sources yet.');
    const paste = screen.getByRole('button', { name: 'Add text' });
    await userEvent.click(paste);
    expect(screen.getByRole('alert')).toHaveTextContent('Give the text a title.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Give the text a title.');
    await userEvent.type(screen.getByLabelText('Title'), 'My notes');
    await userEvent.type(screen.getByLabelText('Text'), 'Brine at 9 degrees.');
    await userEvent.click(paste);
    expect(await screen.findByRole('status')).toHaveTextContent('Added My notes.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ title: 'My notes', text: 'Brine at 9 degrees.' });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('breaks no axe-core rule (jsdom: colours are checked in the browser)', async () => {
    mockFetch({
      'GET /api/sources': () => json({ sources: [makeSource()], used_bytes: 2400, quota_bytes: 1024 * 1024 }),
    });
    const { container } = renderArea();
    await screen.findByText('Veltrane glassworks');
    const region = screen.getByRole('region', { name: 'Your sources' });
    expect(within(region).getByRole('list')).toBeInTheDocument();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
